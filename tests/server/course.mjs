// A course as an LMS runs one: a throwaway cluster, the platform double, the real tool, and Chromium with
// third-party cookies allowed (Chrome's default for most people; this Chromium blocks them unless told, and then an
// LMS must open the tool in a window of its own: see README, "LTI 1.3 tool"). close() stops and removes them all.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../../scripts/chromium.mjs';
import { startPlatform } from './platform-double.mjs';
import { throwawayPostgres } from './postgres.mjs';
import { startTool } from './tool.mjs';

export async function startCourse() {
  const profile = mkdtempSync(join(tmpdir(), 'attention-lab-chromium-'));
  mkdirSync(join(profile, 'Default'));
  const allowThirdParty = { profile: { cookie_controls_mode: 0, block_third_party_cookies: false } };
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify(allowThirdParty));
  const course = { profile };
  try {
    // Chromium and the platform's keys get ready while the cluster and the tool start.
    const browserReady = chromium.launchPersistentContext(profile, {
      ...chromiumLaunch,
      viewport: { width: 1280, height: 900 },
    });
    const platformReady = startPlatform();
    course.cluster = await throwawayPostgres();
    course.platform = await platformReady;
    course.tool = await startTool({ databaseUrl: course.cluster.url, platforms: [course.platform.registration()] });
    course.platform.useTool(course.tool);
    course.context = await browserReady;
  } catch (error) {
    await closeCourse(course);
    throw error;
  }
  return { ...course, close: () => closeCourse(course) };
}

async function closeCourse({ profile, context, tool, platform, cluster }) {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  await tool?.stop();
  await platform?.close();
  cluster?.stop();
}
