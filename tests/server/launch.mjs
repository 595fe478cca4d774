// An LTI launch over plain HTTP, as a browser in the platform's iframe makes it: login initiation at the tool, the
// platform's authorization (its id_token), the form post back to the tool, then the ltik's landing. Cookies are kept
// per host, as a browser keeps them, so a second tool instance on the same host shares them.

/** The cookies the tool set, by host name; attributes (Secure, SameSite) are the browser test's business. */
export class CookieJar {
  cookies = new Map();

  take(url, response) {
    const host = new URL(url).hostname;
    const jar = this.cookies.get(host) ?? new Map();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }

  header(url) {
    const jar = this.cookies.get(new URL(url).hostname) ?? new Map();
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A request to the tool with the jar's cookies; redirects are returned, not followed. */
export async function visit(jar, url, { method = 'GET', form, headers = {} } = {}) {
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers: {
      cookie: jar.header(url),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  jar.take(url, response);
  return response;
}

const bodyOf = async (response) => {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Launches `tool` from `platform` with `options` (the double's prepareLaunch options). Resolves to
 * { ok, step, status, body, ltik, landing, jar }: `step` is where it stopped (login, authorize, launch, landing);
 * `landing` is where the tool sent the browser after the launch.
 */
export async function launchTool(tool, platform, options = {}, { jar = new CookieJar() } = {}) {
  const id = platform.prepareLaunch(options);
  const login = await visit(jar, tool.loginUrl, { method: 'POST', form: platform.loginParams(id) });
  if (login.status !== 302) return { ok: false, step: 'login', status: login.status, body: await bodyOf(login), jar };
  const authorize = await fetch(new URL(login.headers.get('location'), tool.url), {
    headers: { accept: 'application/json' },
  });
  if (!authorize.ok)
    return { ok: false, step: 'authorize', status: authorize.status, body: await bodyOf(authorize), jar };
  const { action, id_token: idToken, state } = await authorize.json();
  const launch = await visit(jar, action, { method: 'POST', form: { id_token: idToken, state } });
  if (launch.status !== 302)
    return { ok: false, step: 'launch', status: launch.status, body: await bodyOf(launch), jar };
  const withLtik = new URL(launch.headers.get('location'), action);
  const ltik = withLtik.searchParams.get('ltik');
  const landing = await visit(jar, withLtik.href);
  if (landing.status !== 302)
    return { ok: false, step: 'landing', status: landing.status, body: await bodyOf(landing), ltik, jar };
  return { ok: true, step: 'landing', status: 302, ltik, landing: landing.headers.get('location'), jar, idToken };
}
