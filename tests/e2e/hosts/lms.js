// The LMS side: scorm-again's Scorm12API as window.API; this origin's localStorage plays the LMS database, so
// reopening the page resumes the attempt from what the SCO committed, each learner their own. window.lmsPackage
// (lms-package.js, written by startLms from the manifest) says where the SCO starts and its adlcp:datafromlms.
// `?student=<id>` is the learner (cmi.core.student_id), `?launch=<text>` overrides the package's cmi.launch_data,
// `?sco=<query>` is the SCO's own URL query, `?suspend=<text>` the cmi.suspend_data the attempt starts with (as an LMS
// holding old or damaged data would).
const query = new URLSearchParams(location.search);
const student = query.get('student') ?? '';
const attemptKey = `lms:attempt:${student}`;
const saved = JSON.parse(localStorage.getItem(attemptKey) ?? 'null');
const api = new window.Scorm12API({ autocommit: false, logLevel: 5 });
const suspendData = query.get('suspend') ?? saved?.suspendData;
api.loadFromJSON({
  core: { student_id: student, ...(saved ? { lesson_status: saved.lessonStatus } : {}) },
  launch_data: query.get('launch') ?? window.lmsPackage.launchData,
  ...(suspendData !== undefined ? { suspend_data: suspendData } : {}),
  ...(saved ? { interactions: saved.interactions } : {}),
});
const persist = () =>
  localStorage.setItem(
    attemptKey,
    JSON.stringify({
      lessonStatus: api.cmi.core.lesson_status,
      suspendData: api.cmi.suspend_data,
      scoreRaw: api.cmi.core.score.raw,
      interactions: JSON.parse(JSON.stringify(api.cmi.interactions)),
    }),
  );
api.on('LMSCommit', persist);
api.on('LMSFinish', persist);
window.lmsCalls = [];
api.on('LMSInitialize', () => window.lmsCalls.push(['LMSInitialize']));
api.on('LMSFinish', () => window.lmsCalls.push(['LMSFinish']));
api.on('LMSSetValue.cmi.*', (element, value) => window.lmsCalls.push([element, value]));
window.API = api;
// The SCO opens once the API is there, with the query the test asked for.
document.addEventListener('DOMContentLoaded', () => {
  const { launch } = window.lmsPackage;
  const scoQuery = query.has('sco') ? `${launch.includes('?') ? '&' : '?'}${query.get('sco')}` : '';
  document.getElementById('sco').src = `./${launch}${scoQuery}`;
});

// An LMS that misbehaves, for the bad-input tests: `?fault=<method>:<kind>[:<calls>[:<element>[:<code>]]]` makes
// that method misbehave for its first <calls> calls or always, for every element or only those matching <element>
// (`*` stands for one part, e.g. an interaction's n; `**` for the rest). <kind> is `false` (it returns "false", or ""
// for LMSGetValue, and LMSGetLastError then says <code>, 101 General Exception unless given), `throw`, or `tostring`
// (it returns a value whose toString throws). `window.lmsHeal()` ends every fault, as an LMS that comes back would.
let faultCode;
let healed = false;
window.lmsHeal = () => {
  healed = true;
  faultCode = undefined;
};
const elementPattern = (element) =>
  new RegExp(
    `^${element
      .split('**')
      .map((part) => part.replace(/\./g, '\\.').replace(/\*/g, '[^.]+'))
      .join('.+')}$`,
  );
for (const fault of query.getAll('fault')) {
  const [method, kind, calls, element, code] = fault.split(':');
  const real = api[method].bind(api);
  const matches = element ? elementPattern(element) : undefined;
  let left = calls === undefined || calls === '' ? Infinity : Number(calls);
  api[method] = (...args) => {
    // `:<element pattern>` after the count: only calls for matching elements fail (e.g. cmi.interactions.*.result).
    if (matches && !matches.test(args[0])) return real(...args);
    if (healed || left-- <= 0) {
      faultCode = undefined;
      return real(...args);
    }
    window.lmsCalls.push([`${method} failed`]);
    if (kind === 'throw') throw new Error(`${method} is broken in this LMS`);
    if (kind === 'tostring')
      return {
        toString() {
          throw new Error(`${method} gave a value nobody can read`);
        },
      };
    faultCode = code || '101';
    return method === 'LMSGetValue' ? '' : 'false'; // a value that cannot be had reads as ""
  };
}
const realLastError = api.LMSGetLastError.bind(api);
api.LMSGetLastError = () => faultCode ?? realLastError();

// `?count=<text>`: an LMS whose cmi.interactions._count lies (e.g. "" or "1e9"); the records it holds are unchanged.
if (query.has('count')) {
  const getValue = api.LMSGetValue.bind(api);
  const lie = query.get('count');
  api.LMSGetValue = (element) => (element === 'cmi.interactions._count' ? lie : getValue(element));
}

// Every call the SCO makes, in order: [method, element?]. `window.lmsProbe`, when a test sets it, is asked at each call
// what the SCO shows then. `?slow=<ms>`: each call takes that long, as a far-away LMS's synchronous calls do.
window.lmsLog = [];
const slow = Number(query.get('slow') ?? 0);
for (const method of ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit']) {
  const inner = api[method].bind(api);
  api[method] = (...args) => {
    const call = { method, element: method.endsWith('Value') ? args[0] : undefined, seen: window.lmsProbe?.() };
    window.lmsLog.push(call);
    const until = performance.now() + slow;
    while (performance.now() < until) {
      // a synchronous call to a far-away LMS blocks the page as long as this
    }
    try {
      return inner(...args);
    } finally {
      call.done = true;
    }
  };
}
