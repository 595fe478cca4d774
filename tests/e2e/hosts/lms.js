// The LMS side: scorm-again's Scorm12API as window.API; this origin's localStorage plays the LMS database, so
// reopening the page resumes the attempt from what the SCO committed. window.lmsPackage (lms-package.js, written by
// startLms from the manifest) says where the SCO starts and its adlcp:datafromlms. `?student=<id>` is the learner
// (cmi.core.student_id), `?launch=<text>` overrides the package's cmi.launch_data, `?sco=<query>` is the SCO's own
// URL query.
const query = new URLSearchParams(location.search);
const saved = JSON.parse(localStorage.getItem('lms:attempt') ?? 'null');
const api = new window.Scorm12API({ autocommit: false, logLevel: 5 });
api.loadFromJSON({
  core: { student_id: query.get('student') ?? '', ...(saved ? { lesson_status: saved.lessonStatus } : {}) },
  launch_data: query.get('launch') ?? window.lmsPackage.launchData,
  ...(saved ? { suspend_data: saved.suspendData, interactions: saved.interactions } : {}),
});
const persist = () =>
  localStorage.setItem(
    'lms:attempt',
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

// An LMS that misbehaves, for the bad-input tests: `?fault=<method>:<false|throw>[:<calls>[:<element>]]` makes that
// method return "false" (LMSGetLastError then says 101, General Exception) or throw, for its first <calls> calls or
// always, for every element or only those matching <element> (`*` stands for one part, e.g. an interaction's n).
let faultCode;
for (const fault of new URLSearchParams(location.search).getAll('fault')) {
  const [method, kind, calls, element] = fault.split(':');
  const real = api[method].bind(api);
  let left = calls === undefined || calls === '' ? Infinity : Number(calls);
  api[method] = (...args) => {
    // `:<element pattern>` after the count: only calls for matching elements fail (e.g. cmi.interactions.*.result).
    if (element && !new RegExp(`^${element.replace(/\./g, '\\.').replace(/\*/g, '[^.]+')}$`).test(args[0]))
      return real(...args);
    if (left-- <= 0) {
      faultCode = undefined;
      return real(...args);
    }
    window.lmsCalls.push([`${method} failed`]);
    if (kind === 'throw') throw new Error(`${method} is broken in this LMS`);
    faultCode = '101';
    return 'false';
  };
}
const realLastError = api.LMSGetLastError.bind(api);
api.LMSGetLastError = () => faultCode ?? realLastError();
