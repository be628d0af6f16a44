#!/usr/bin/env python3
"""Lists the top-level names Apple's SDK modules declare, from their public interfaces.

Usage: extract.py SDK_ROOT COMMIT > names.txt

SDK_ROOT is a git checkout of an iPhoneOS SDK, read at COMMIT with `git show`. For each
module a test target imports beside LocSimCoreLocation (Foundation, SwiftUI, UIKit, Combine) and
for CoreLocation, it reads the Swift interface (`arm64-apple-ios.swiftinterface`) and the
Objective-C headers, and prints `Module name` per line: the names declared at the top level
(types, protocols, type aliases, functions, constants), under their Swift spelling
(`NS_SWIFT_NAME`, API notes' `SwiftName`, Foundation's dropped `NS` prefix) and their Objective-C
one. Member names are not listed, except `Bundle`'s (LocSimCoreLocation extends `Bundle`).
"""
import re
import subprocess
import sys

MODULES = ["Foundation", "SwiftUI", "UIKit", "Combine", "CoreLocation"]
SWIFT_DECL = re.compile(
    r"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*(?:public|open) (?:(?:final|static|class|indirect|nonisolated|convenience|override|mutating|dynamic|required|consuming|borrowing) )*"
    r"(?:class|struct|enum|protocol|typealias|actor|func|var|let|macro|precedencegroup) `?([A-Za-z_][A-Za-z0-9_]*)")
# A macro with arguments, one level of parentheses inside them: API_AVAILABLE(ios(14.0), macos(11.0)).
MACRO = r"(?:(?:NS|API|CF|UIKIT|CL)_[A-Z_]+|__[A-Za-z_]+)(?:\((?:[^()]|\([^()]*\))*\))?\s*"
EXTERN = r"(?:FOUNDATION_EXPORT|FOUNDATION_EXTERN|UIKIT_EXTERN|CL_EXTERN|extern)"
# Objective-C declarations, matched on whole statements (comments removed, lines joined).
OBJC_PATTERNS = [
    re.compile(r"@(?:interface|protocol) ([A-Za-z_][A-Za-z0-9_]*)\b(?!\s*\()"),
    re.compile(r"typedef (?:NS|CF)_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM|TYPED_ENUM|TYPED_EXTENSIBLE_ENUM|STRING_ENUM|EXTENSIBLE_STRING_ENUM)\([^,]+, *([A-Za-z_][A-Za-z0-9_]*)\)"),
    re.compile(r"(?:^|\s)typedef\b[^(]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*(?:" + MACRO + r")*$"),
    re.compile(r"(?:^|\s)typedef\b[^(]*\(\s*\^\s*([A-Za-z_][A-Za-z0-9_]*)\)"),
    re.compile(r"(?:^|\s)" + EXTERN + r"\b[^(]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*(?:" + MACRO + r")*$"),
    re.compile(r"(?:^|\s)(?:" + EXTERN + r"|NS_INLINE|UIKIT_STATIC_INLINE|static inline)\b[^(]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*\("),
]
SWIFT_NAME = re.compile(r"NS_SWIFT_NAME\(([A-Za-z_][A-Za-z0-9_]*)\)")
APINOTES_NAME = re.compile(r"^\s*SwiftName:\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?\s*$")
BUNDLE_MEMBER = re.compile(r"^\s+(?:@[A-Za-z_]+(?:\([^)]*\))? )*(?:public|open) (?:(?:final|static|class|convenience|override|dynamic|required) )*(?:func|var|let|init)\b ?`?([A-Za-z_][A-Za-z0-9_]*)?")


def read(root, commit, path):
    return subprocess.run(["git", "-C", root, "show", f"{commit}:{path}"], capture_output=True, text=True, errors="replace").stdout


def files(root, commit, module):
    base = f"System/Library/Frameworks/{module}.framework"
    listing = subprocess.run(["git", "-C", root, "ls-tree", "-r", "--name-only", commit, base], capture_output=True, text=True).stdout.split()
    overlay = f"usr/lib/swift/{module}.swiftmodule/arm64-apple-ios.swiftinterface"
    listing += subprocess.run(["git", "-C", root, "ls-tree", "-r", "--name-only", commit, overlay], capture_output=True, text=True).stdout.split()
    return [p for p in listing if p.endswith("/arm64-apple-ios.swiftinterface") or p.endswith(".h") or p.endswith(".apinotes")]


def names(root, commit, module):
    found = set()
    for path in files(root, commit, module):
        text = read(root, commit, path)
        if path.endswith(".swiftinterface"):
            in_bundle = False
            for line in text.splitlines():
                m = SWIFT_DECL.match(line)
                if m:
                    found.add(m.group(1))
                if re.match(r"^extension (?:Foundation\.)?Bundle\b", line) or re.match(r"^(?:@[A-Za-z_]+ )*(?:open|public) class Bundle\b", line):
                    in_bundle = True
                elif line.startswith("}"):
                    in_bundle = False
                elif in_bundle:
                    b = BUNDLE_MEMBER.match(line)
                    if b and b.group(1):
                        found.add("Bundle." + b.group(1))
        elif path.endswith(".apinotes"):
            for line in text.splitlines():
                m = APINOTES_NAME.match(line)
                if m:
                    found.add(m.group(1))
        else:
            text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
            in_bundle = False
            for raw in re.split(r"[;{}]", text):
                statement = " ".join(raw.split())
                statement = re.sub(r"^(?:#[^#]*?(?=@|typedef|extern|FOUNDATION|UIKIT|CL_EXTERN|NS_INLINE|static)|NS_ASSUME_NONNULL_(?:BEGIN|END)\s*|NS_HEADER_AUDIT_(?:BEGIN|END)\([^)]*\)\s*)+", "", statement)
                for pattern in OBJC_PATTERNS:
                    m = pattern.search(statement)
                    if m:
                        found.add(m.group(1))
                for m in SWIFT_NAME.finditer(statement):
                    found.add(m.group(1))
                if re.search(r"@interface NSBundle\b", statement):
                    in_bundle = True
                if in_bundle:
                    for line in statement.split("@property"):
                        m = re.search(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*(?:" + MACRO + r")*$", line)
                        if line is not statement.split("@property")[0] and m:
                            found.add("Bundle." + m.group(1))
                    for m in re.finditer(r"[-+] *\([^)]*\) *([A-Za-z_][A-Za-z0-9_]*)", statement):
                        found.add("Bundle." + m.group(1))
                if "@end" in statement:
                    in_bundle = False
    found = {n for n in found if not re.fullmatch(r"_*[A-Z0-9]+(?:_[A-Z0-9]+)+", n)}   # macros, not names
    for name in list(found):
        if module == "Foundation" and name.startswith("NS") and len(name) > 2 and name[2].isupper():
            found.add(name[2:])
    return found


def main():
    root, commit = sys.argv[1], sys.argv[2]
    print(f"# Top-level names of Apple's SDK modules, from their public interfaces.")
    print(f"# Generated by extract.py from the iPhoneOS SDK at github.com/danpashin/sdks, commit {commit}.")
    for module in MODULES:
        for name in sorted(names(root, commit, module)):
            print(f"{module} {name}")


if __name__ == "__main__":
    main()
