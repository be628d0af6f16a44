/*
 * geofences: the issue-32 geofencing app (`locsim benchmark explore --geofences N`,
 * BenchmarkModels.geofenceModel) in Promela, for SPIN. Written from LocSim's rules (Docs/Rules.md)
 * as a reference for the explorer's time to a verdict: an Always app on iOS 18.0 (the rules of
 * region-reminder.pml: legacy region monitoring is not section O's, O7) that asks for Always once
 * from a tap, then lets the user turn geofences on one by one, a tap per region, each monitoring
 * its region. Core Location keeps the monitored regions as a set: here one bit per region. The
 * device is simpler than LocSim's (no clock: the grace period and the Allow Once lapse are
 * deadlines the search may pass at any time; no Precise switch, no global switch, no Airplane
 * mode), so its state count is smaller than the explorer's.
 *
 * The region count is REGIONS (default 4): spin -DREGIONS=7 -a geofences.pml. How to run it:
 * Docs/Explore.md, "Side by side with SPIN".
 */

#ifndef REGIONS
#define REGIONS 4
#endif

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
bool monitored[REGIONS];   /* Core Location's monitoredRegions, a set (issue 32) */
bool inside[REGIONS];
bool held = false;         /* the triggering event, held for the confirmation (G5) */
bool heldExit = false;
byte screen = HOME;
bool asked = false;        /* the app's storage flag, kept across termination */

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
        if :: (app == NOT_RUNNING) -> app = BACKGROUND; screen = HOME; react() :: else -> skip fi
     :: else -> skip
     fi
  fi
}

/* Region i's steps: the user taps its geofence on (the app monitors it, a set: again changes
 * nothing), and the device enters or leaves it once monitored. Up to 20 regions, Core Location's
 * limit per app. */
#define REGION(i) \
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND && screen == READY && !monitored[i] -> monitored[i] = true } \
  :: atomic { monitored[i] && !inside[i] -> inside[i] = true; regionEvent(false) } \
  :: atomic { monitored[i] && inside[i] -> inside[i] = false; regionEvent(true) }

active proctype device() {
  do
  /* A prompt on screen: an answer, or locking the device dismisses it unanswered (C10). */
  :: atomic { prompt == INITIAL -> prompt = NO_PROMPT; auth = ALLOW_ONCE; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == INITIAL -> prompt = NO_PROMPT; auth = PROVISIONAL; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == INITIAL -> prompt = NO_PROMPT; auth = DENIED; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == CONFIRM -> prompt = NO_PROMPT; held = false; auth = WHEN_IN_USE; if :: (app != NOT_RUNNING) -> react() :: else -> skip fi }
  :: atomic { prompt == CONFIRM -> prompt = NO_PROMPT; auth = ALWAYS;  /* no callback (C6); the held event is delivered */
              if :: (held && app == NOT_RUNNING) -> app = BACKGROUND; screen = HOME; react() :: else -> skip fi; held = false }
  :: atomic { prompt != NO_PROMPT -> prompt = NO_PROMPT; held = false; locked = true }
  /* No prompt: the user and the app. */
  :: atomic { prompt == NO_PROMPT && app == NOT_RUNNING && !locked -> app = FOREGROUND; screen = HOME; react() }
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND -> app = BACKGROUND; grace = true }
  :: atomic { prompt == NO_PROMPT && (app == BACKGROUND || app == SUSPENDED) && !locked -> app = FOREGROUND; grace = false;
              if :: (screen == ASKING) -> screen = HOME :: else -> skip fi }
  :: atomic { prompt == NO_PROMPT && app == BACKGROUND -> app = SUSPENDED }
  :: atomic { prompt == NO_PROMPT && (app == BACKGROUND || app == SUSPENDED) -> app = NOT_RUNNING; screen = HOME }
  :: atomic { prompt == NO_PROMPT && app == FOREGROUND && screen == HOME && !asked -> asked = true; screen = ASKING;
              if :: (auth == NOT_DETERMINED && !spent) -> spent = true; prompt = INITIAL :: else -> skip fi }
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
  /* Per region: its tap (the app monitors it), and the world (the device enters or leaves it). */
#if REGIONS > 0
  REGION(0)
#endif
#if REGIONS > 1
  REGION(1)
#endif
#if REGIONS > 2
  REGION(2)
#endif
#if REGIONS > 3
  REGION(3)
#endif
#if REGIONS > 4
  REGION(4)
#endif
#if REGIONS > 5
  REGION(5)
#endif
#if REGIONS > 6
  REGION(6)
#endif
#if REGIONS > 7
  REGION(7)
#endif
#if REGIONS > 8
  REGION(8)
#endif
#if REGIONS > 9
  REGION(9)
#endif
#if REGIONS > 10
  REGION(10)
#endif
#if REGIONS > 11
  REGION(11)
#endif
#if REGIONS > 12
  REGION(12)
#endif
#if REGIONS > 13
  REGION(13)
#endif
#if REGIONS > 14
  REGION(14)
#endif
#if REGIONS > 15
  REGION(15)
#endif
#if REGIONS > 16
  REGION(16)
#endif
#if REGIONS > 17
  REGION(17)
#endif
#if REGIONS > 18
  REGION(18)
#endif
#if REGIONS > 19
  REGION(19)
#endif
  od
}
