// The LMS side: scorm-again's Scorm12API as window.API; this origin's localStorage plays the LMS database, so
// reopening the page resumes the attempt from what the SCO committed.
const saved = JSON.parse(localStorage.getItem('lms:attempt') ?? 'null');
const api = new window.Scorm12API({ autocommit: false, logLevel: 5 });
if (saved) api.loadFromJSON({ core: { lesson_status: saved.lessonStatus }, suspend_data: saved.suspendData });
const persist = () =>
  localStorage.setItem(
    'lms:attempt',
    JSON.stringify({
      lessonStatus: api.cmi.core.lesson_status,
      suspendData: api.cmi.suspend_data,
      scoreRaw: api.cmi.core.score.raw,
    }),
  );
api.on('LMSCommit', persist);
api.on('LMSFinish', persist);
window.lmsCalls = [];
api.on('LMSInitialize', () => window.lmsCalls.push(['LMSInitialize']));
api.on('LMSFinish', () => window.lmsCalls.push(['LMSFinish']));
api.on('LMSSetValue.cmi.*', (element, value) => window.lmsCalls.push([element, value]));
window.API = api;

// An LMS that misbehaves, for the bad-input tests: `?fault=<method>:<false|throw>[:<calls>]` makes that method return
// "false" (LMSGetLastError then says 101, General Exception) or throw, for its first <calls> calls or always.
let faultCode;
for (const fault of new URLSearchParams(location.search).getAll('fault')) {
  const [method, kind, calls] = fault.split(':');
  const real = api[method].bind(api);
  let left = calls === undefined ? Infinity : Number(calls);
  api[method] = (...args) => {
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
