// Slows chosen threads of another process as a CPU `rate` times slower would: after each quantum, a thread that used
// the CPU is held stopped (rate − 1) times as long as it computed, so its work takes `rate` times as long while time it
// spends idle is not multiplied. Time it spent waiting for a CPU (another thread of the machine had it: on 2 cores,
// CDP's throttled page thread spins while paused) counts toward its hold: a phone's worker has a core of its own, so
// its work takes `rate` times its CPU time, not more, unless the machine delayed it longer than that. bench:browser
// uses it for a page's workers, which CDP refuses to throttle. Threads are stopped one by one with ptrace
// (PTRACE_SEIZE, then PTRACE_INTERRUPT), so the rest of the process runs on; their CPU time comes from
// /proc/TID/schedstat.
//
// Usage: hold_threads RATE QUANTUM_MS, then lines on stdin: "add TID" (slow this thread too), "off" (let them run
// free), "on" (slow them again). Each line is answered on stdout ("added TID", "error TID why", "off", "on").
// At the end of stdin every thread is let go.
#include <fcntl.h>
#include <poll.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>

namespace {

double nowMs() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

void sleepMs(double ms) {
  if (ms <= 0) return;
  timespec t{static_cast<time_t>(ms / 1e3), static_cast<long>(std::fmod(ms, 1e3) * 1e6)};
  while (nanosleep(&t, &t) != 0 && errno == EINTR) {
  }
}

// Each held thread: a signal that arrived while it was stopped (delivered when it runs again), its schedstat file,
// and its CPU time and time waiting for a CPU (ms) when last looked at.
struct Held {
  int signal = 0;
  int stats = -1;
  double cpuMs = 0;
  double waitMs = 0;
  bool gone = false;
};
std::map<pid_t, Held> threads;
bool slowing = true;
bool inputOpen = true;

// The thread's time on a CPU and waiting for one so far (ms): the first two fields of /proc/TID/schedstat, in ns.
struct Times {
  double cpuMs;
  double waitMs;
};
Times times(const Held& held) {
  char text[96] = {};
  if (pread(held.stats, text, sizeof text - 1, 0) <= 0) return {held.cpuMs, held.waitMs};
  char* rest = nullptr;
  const double cpu = static_cast<double>(std::strtoull(text, &rest, 10)) / 1e6;
  const double wait = static_cast<double>(std::strtoull(rest, nullptr, 10)) / 1e6;
  return {cpu, wait};
}

void forget(pid_t tid) {
  auto it = threads.find(tid);
  if (it == threads.end()) return;
  close(it->second.stats);
  threads.erase(it);
}

// A stop of `tid` seen by waitpid. Returns true when it is now stopped for us: PTRACE_INTERRUPT's event stop, or a
// signal on its way, kept for when it runs again. Unless `wanted`, a signal stop is let run on, the signal delivered.
bool reap(pid_t tid, int status, bool wanted) {
  if (WIFEXITED(status) || WIFSIGNALED(status)) {
    forget(tid);
    return false;
  }
  if (!WIFSTOPPED(status) || threads.count(tid) == 0) return false;
  const bool eventStop = (status >> 16) == PTRACE_EVENT_STOP;
  const int signal = eventStop ? 0 : WSTOPSIG(status);
  if (wanted) {
    if (signal != 0) threads[tid].signal = signal;
    return true;
  }
  ptrace(PTRACE_CONT, tid, nullptr, reinterpret_cast<void*>(static_cast<long>(signal)));
  return false;
}

// Stops every thread; a thread that has ended is forgotten. True when at least one is stopped.
bool stopAll() {
  for (auto& [tid, held] : threads) held.gone = ptrace(PTRACE_INTERRUPT, tid, nullptr, nullptr) != 0;
  bool any = false;
  std::map<pid_t, Held> snapshot = threads;
  for (const auto& [tid, held] : snapshot) {
    if (held.gone) {
      forget(tid);
      continue;
    }
    int status = 0;
    bool stopped = false;
    while (!stopped && threads.count(tid) != 0) {
      if (waitpid(tid, &status, __WALL) != tid) {
        forget(tid);
        break;
      }
      stopped = reap(tid, status, true);
    }
    any = any || stopped;
  }
  return any;
}

void continueAll() {
  for (auto& [tid, held] : threads) {
    ptrace(PTRACE_CONT, tid, nullptr, reinterpret_cast<void*>(static_cast<long>(held.signal)));
    held.signal = 0;
  }
}

// Stops nobody asked for (a signal arriving while the threads run): each runs on at once.
void reapAll() {
  int status = 0;
  pid_t tid = 0;
  while ((tid = waitpid(-1, &status, __WALL | WNOHANG)) > 0) reap(tid, status, false);
}

void answer(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

void command(const std::string& line) {
  if (line == "on" || line == "off") {
    slowing = line == "on";
    answer(line);
    return;
  }
  const pid_t tid = line.rfind("add ", 0) == 0 ? static_cast<pid_t>(std::atol(line.c_str() + 4)) : 0;
  if (tid <= 0) return answer("error " + line + ": unknown command");
  if (threads.count(tid) != 0) return answer("added " + std::to_string(tid));
  Held held;
  held.stats = open(("/proc/" + std::to_string(tid) + "/schedstat").c_str(), O_RDONLY);
  if (held.stats < 0 || ptrace(PTRACE_SEIZE, tid, nullptr, nullptr) != 0) {
    const std::string why = std::strerror(errno);
    if (held.stats >= 0) close(held.stats);
    return answer("error " + std::to_string(tid) + " " + why);
  }
  const Times now = times(held);
  held.cpuMs = now.cpuMs;
  held.waitMs = now.waitMs;
  threads[tid] = held;
  answer("added " + std::to_string(tid));
}

// Reads commands for up to `ms`, returning early only when stdin ends.
void listen(double ms) {
  static std::string pending;
  const double until = nowMs() + ms;
  for (double left = ms; left > 0 && inputOpen; left = until - nowMs()) {
    pollfd input{STDIN_FILENO, POLLIN, 0};
    const int ready = poll(&input, 1, static_cast<int>(std::ceil(left)));
    reapAll();
    if (ready <= 0) continue;
    char buffer[256];
    const ssize_t got = read(STDIN_FILENO, buffer, sizeof buffer);
    if (got <= 0) {
      inputOpen = false;
      break;
    }
    pending.append(buffer, static_cast<size_t>(got));
    for (size_t end = pending.find('\n'); end != std::string::npos; end = pending.find('\n')) {
      command(pending.substr(0, end));
      pending.erase(0, end + 1);
    }
  }
}

// The hold the threads earned since the last look (ms): (rate − 1) × the CPU time each used, less the time it already
// waited for a CPU; the most any one earned, as they are held together.
double earnedSinceLastLook(double rate) {
  double most = 0;
  for (auto& [tid, held] : threads) {
    const Times now = times(held);
    most = std::max(most, (rate - 1) * (now.cpuMs - held.cpuMs) - (now.waitMs - held.waitMs));
    held.cpuMs = now.cpuMs;
    held.waitMs = now.waitMs;
  }
  return most;
}

}  // namespace

int main(int argc, char** argv) {
  const double rate = argc > 1 ? std::atof(argv[1]) : 0;
  const double quantum = argc > 2 ? std::atof(argv[2]) : 0;
  if (!(rate >= 1) || !(quantum > 0)) {
    std::fprintf(stderr, "usage: hold_threads RATE QUANTUM_MS (RATE >= 1, QUANTUM_MS > 0)\n");
    return 2;
  }
  // Held time owed (ms): + the hold earned, − each hold, so a late wake-up is made up by the next hold. Waiting for a
  // CPU lowers it to zero at most: a delay longer than the hold cannot be repaid by running faster than `rate` later.
  double owed = 0;
  while (inputOpen) {
    listen(quantum);
    const double earned = earnedSinceLastLook(rate);
    if (!slowing) {
      owed = 0;
      continue;
    }
    owed = std::max(owed + earned, std::min(owed, 0.0));
    // An idle thread owes nothing and is not stopped; a stop shorter than this costs more than it holds.
    if (owed < quantum / 10 || !stopAll()) continue;
    const double stoppedAt = nowMs();
    sleepMs(owed);
    continueAll();
    owed -= nowMs() - stoppedAt;
  }
  // Let every thread go: a thread must be stopped to be detached.
  if (stopAll())
    for (auto& [tid, held] : threads)
      ptrace(PTRACE_DETACH, tid, nullptr, reinterpret_cast<void*>(static_cast<long>(held.signal)));
  return 0;
}
