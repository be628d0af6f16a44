/*
 * region-reminder: the app of Examples/explore/region-reminder.yml on iOS 13.4+, in Promela, for
 * SPIN. Written from LocSim's rules (Docs/Rules.md) as a reference for the explorer's speed: the
 * same app (Always asked once from a tap, a background toggle, a monitoring tap, one region) on a
 * simpler device (no clock: the grace period and the Allow Once lapse are deadlines the search may
 * pass at any time; no Precise switch, no global switch, no Airplane mode), so its state count is
 * smaller than the explorer's. How to run it: Docs/Explore.md, "Side by side with SPIN".
 */

/* The app's process (A8, C2) */
#define NOT_RUNNING 0
#define FOREGROUND  1
#define BACKGROUND  2
#define SUSPENDED   3
/* The stored authorization (A1, G1, H1) */
#define NOT_DETERMINED 0
#define DENIED         1
#define WHEN_IN_USE    2
#define ALLOW_ONCE     3
#define PROVISIONAL    4   /* provisional Always: reads as Always (G2) */
#define ALWAYS         5
/* The prompt on screen */
#define NO_PROMPT 0
#define INITIAL   1        /* Allow Once / Allow While Using / Don't Allow (F5) */
#define CONFIRM   2        /* Keep Only While Using / Change to Always Allow (G3) */
/* The app's screens and what a callback reports */
#define HOME    0
#define ASKING  1
#define READY   2
#define BLOCKED 3

byte app = NOT_RUNNING;
byte auth = NOT_DETERMINED;
bool spent = false;        /* the one Always request (E2) */
byte prompt = NO_PROMPT;
bool confirmQueued = false;/* the confirmation waits for unlock (G4) */
bool locked = false;
bool grace = false;        /* out of the foreground, still in use (I1) */
bool monitored = false;
bool inside = false;
bool held = false;         /* the triggering event, held for the confirmation (G5) */
bool heldExit = false;
bool bgUpdates = false;    /* allowsBackgroundLocationUpdates */
byte screen = HOME;
bool asked = false;        /* the app's storage flags, kept across termination */
bool bgFlag = false;

/* didChangeAuthorization with the status `auth` reads as; the app's reactions, first match wins. */
inline react() {
  if
  :: (auth == DENIED) -> screen = BLOCKED
  :: (auth == NOT_DETERMINED) -> screen = HOME
  :: (auth >= WHEN_IN_USE && screen != READY) -> screen = READY
  :: else -> skip
  fi
}


/* A region event out of use or in use (A8, G3, G5, I3, I12). */
inline regionEvent(isExit) {
  if
  :: (auth >= WHEN_IN_USE && (app == FOREGROUND || ((app == BACKGROUND || app == SUSPENDED) && grace))) -> skip /* delivered, no reaction */
  :: else ->
     if
     :: (auth == PROVISIONAL) ->
        if
        :: (!held) -> held = true; heldExit = isExit;
           if :: (locked) -> confirmQueued = true :: else -> prompt = CONFIRM fi
        :: else -> skip  /* not the triggering event: not held */
        fi
     :: (auth == ALWAYS) ->
        if :: (app == NOT_RUNNING) -> app = BACKGROUND; screen = HOME; bgUpdates = false; react() :: else -> skip fi
     :: else -> skip
     fi
  fi
}

active proctype device() {
  do
  /* A prompt on screen: an answer, or locking the device dismisses it unanswered (C10). */
  :: atomic { prompt == INITIAL -> prompt = NO_PROMPT; auth = ALLOW_ONCE; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == INITIAL -> prompt = NO_PROMPT; auth = PROVISIONAL; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == INITIAL -> prompt = NO_PROMPT; auth = DENIED; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == CONFIRM -> prompt = NO_PROMPT; held = false; auth = WHEN_IN_USE; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == CONFIRM -> prompt = NO_PROMPT; auth = ALWAYS;  /* no callback (C6); the held event is delivered */
              if :: (held && app == NOT_RUNNING) -> app = BACKGROUND; screen = HOME; bgUpdates = false; react() :: else -> skip fi; held = false }
  :: atomic { prompt != NO_PROMPT -> prompt = NO_PROMPT; held = false; locked = true }
  /* No prompt: the user and the app. */
  :: atomic { prompt == NO_PROMPT && app == NOT_RUNNING && !locked -> app = FOREGROUND; screen = HOME; bgUpdates = false; react() }
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND -> app = BACKGROUND; grace = true }
  :: atomic { prompt == NO_PROMPT && (app == BACKGROUND || app == SUSPENDED) && !locked -> app = FOREGROUND; grace = false;
              if :: (screen == ASKING) -> screen = HOME :: else -> skip fi }
  :: atomic { prompt == NO_PROMPT && app == BACKGROUND -> app = SUSPENDED }
  :: atomic { prompt == NO_PROMPT && (app == BACKGROUND || app == SUSPENDED) -> app = NOT_RUNNING; screen = HOME }
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND && screen == HOME && !asked -> asked = true; screen = ASKING;
              if :: (auth == NOT_DETERMINED && !spent) -> spent = true; prompt = INITIAL :: else -> skip fi }
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND && screen == READY && !bgFlag -> bgFlag = true; bgUpdates = true }
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND && screen == READY && bgFlag -> bgFlag = false; bgUpdates = false }
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND && screen == READY -> monitored = true }
  :: atomic { prompt == NO_PROMPT && !locked -> locked = true }
  :: atomic { locked -> locked = false; if :: (confirmQueued) -> confirmQueued = false; prompt = CONFIRM :: else -> skip fi }
  /* Settings, with the app out of the foreground (L1, G8): a choice ends a pending confirmation. */
  :: atomic { prompt == NO_PROMPT && app != FOREGROUND && auth != DENIED -> auth = DENIED; held = false; confirmQueued = false;
              if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == NO_PROMPT && app != FOREGROUND && auth != NOT_DETERMINED -> auth = NOT_DETERMINED; held = false; confirmQueued = false;
              if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == NO_PROMPT && app != FOREGROUND && auth != WHEN_IN_USE -> auth = WHEN_IN_USE; held = false; confirmQueued = false;
              if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == NO_PROMPT && app != FOREGROUND && auth != ALWAYS -> auth = ALWAYS; held = false; confirmQueued = false;
              if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  /* Deadlines: the grace period ends (I1); Allow Once lapses out of use (H3). */
  :: atomic { grace && app != FOREGROUND -> grace = false }
  :: atomic { auth == ALLOW_ONCE && app != FOREGROUND && !grace -> auth = NOT_DETERMINED; spent = false;
              if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  /* The world: the device enters or leaves the region. */
  :: atomic { monitored && !inside -> inside = true; regionEvent(false) }
  :: atomic { monitored && inside -> inside = false; regionEvent(true) }
  od
}
