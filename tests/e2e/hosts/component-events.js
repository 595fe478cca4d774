// Records the `attention-lab` events our elements fire, and CSP violations, for the test to read.
window.received = [];
window.violations = [];
document.addEventListener('attention-lab', (event) =>
  window.received.push({ element: event.target.id, data: event.detail }),
);
document.addEventListener('securitypolicyviolation', (event) =>
  window.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
);
