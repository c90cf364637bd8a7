import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// Voice commands (docs/console.md §4, §8, §9). Chromium here has no microphone, so a fake recognition class stands in
// for the browser's: it records each start() (and the settings it was given), and the test makes it hear phrases,
// end, or fail through window.__voice.

/** The fake's handle in the page. */
interface FakeVoice {
  starts: number[];
  aborts: number;
  settings: { lang: string; continuous: boolean; interimResults: boolean; maxAlternatives: number } | null;
  say(alternatives: string[]): void;
  end(): void;
  fail(error: string): void;
}

type VoiceWindow = Window & { __voice: FakeVoice };

async function fakeRecognition(page: Page) {
  await page.addInitScript(() => {
    class FakeRecognition extends EventTarget {
      lang = '';
      continuous = false;
      interimResults = true;
      maxAlternatives = 1;
      running = false;
      results: { transcript: string; confidence: number }[][] = [];

      start() {
        if (this.running) throw new DOMException('recognition has already started', 'InvalidStateError');
        this.running = true;
        this.results = [];
        voice.current = this;
        voice.starts.push(Date.now());
        voice.settings = {
          lang: this.lang,
          continuous: this.continuous,
          interimResults: this.interimResults,
          maxAlternatives: this.maxAlternatives,
        };
        setTimeout(() => this.dispatchEvent(new Event('start')), 0);
      }

      abort() {
        voice.aborts += 1;
        if (!this.running) return;
        // As the browser does: an 'aborted' error, then the end.
        setTimeout(() => voice.fail('aborted'), 0);
      }

      stop() {
        this.abort();
      }
    }

    const voice = {
      current: null as FakeRecognition | null,
      starts: [] as number[],
      aborts: 0,
      settings: null as FakeVoice['settings'],
      say(alternatives: string[]) {
        const recognition = voice.current;
        if (!recognition?.running) return;
        recognition.results.push(alternatives.map((transcript) => ({ transcript, confidence: 0.8 })));
        const event = Object.assign(new Event('result'), {
          resultIndex: recognition.results.length - 1,
          results: recognition.results,
        });
        recognition.dispatchEvent(event);
      },
      end() {
        const recognition = voice.current;
        if (!recognition?.running) return;
        recognition.running = false;
        recognition.dispatchEvent(new Event('end'));
      },
      fail(error: string) {
        voice.current?.dispatchEvent(Object.assign(new Event('error'), { error }));
        voice.end();
      },
    };

    Object.assign(window, {
      SpeechRecognition: FakeRecognition,
      webkitSpeechRecognition: FakeRecognition,
      __voice: voice,
    });
  });
}

const say = (page: Page, alternatives: string[]) =>
  page.evaluate((heard) => (window as unknown as VoiceWindow).__voice.say(heard), alternatives);
const end = (page: Page) => page.evaluate(() => (window as unknown as VoiceWindow).__voice.end());
const fail = (page: Page, error: string) =>
  page.evaluate((code) => (window as unknown as VoiceWindow).__voice.fail(code), error);
const starts = (page: Page) => page.evaluate(() => (window as unknown as VoiceWindow).__voice.starts);

test('voice commands: a phrase opens its page, no match says so, restarts wait 1 s, a denied microphone and stop', async ({
  page,
}) => {
  await fakeRecognition(page);
  await signIn(page, 'admin', 'Admin@123');
  const button = page.getByRole('button', { name: 'Voice command' });
  await expect(button).toHaveAttribute('data-voice-state', 'on');
  // On by default, but not started until the button is pressed.
  expect(await starts(page)).toEqual([]);

  await button.click();
  await expect(button).toHaveAttribute('data-voice-state', 'started');
  await expect(page.getByTestId('voice-popover')).toContainText('Voice command activated');
  expect(await starts(page)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as VoiceWindow).__voice.settings)).toEqual({
    lang: 'en-US',
    continuous: true,
    interimResults: false,
    maxAlternatives: 5,
  });

  // A match: the longest phrase among the alternatives wins, its page opens, and a notice names it for 2 s.
  await say(page, ['Show dashboard', 'show dashboard map', 'show the dashboard map']);
  await expect(page).toHaveURL(/\/dashboard\/map$/);
  const matched = page.getByRole('alert').filter({ hasText: 'Voice command: show dashboard map' });
  await expect(matched).toBeVisible();
  await expect(page.getByTestId('voice-popover')).toBeHidden();
  await expect(matched).toBeHidden({ timeout: 4000 });

  // No match.
  await say(page, ['open the pod bay doors', 'open the pot bay doors']);
  const missed = page
    .getByRole('alert')
    .filter({ hasText: 'Error: "open the pod bay doors" no match found!' });
  await expect(missed).toBeVisible();
  await expect(missed).toContainText('Please speak clearly into the microphone');
  await expect(page).toHaveURL(/\/dashboard\/map$/);

  // The browser ends recognition: it starts again, never sooner than 1 s after the last start.
  await end(page);
  await expect.poll(async () => (await starts(page)).length).toBe(2);
  await end(page);
  await page.waitForTimeout(500);
  expect(await starts(page)).toHaveLength(2);
  await expect.poll(async () => (await starts(page)).length, { timeout: 3000 }).toBe(3);
  const [first = 0, second = 0, third = 0] = await starts(page);
  expect(second - first).toBeGreaterThanOrEqual(1000);
  expect(third - second).toBeGreaterThanOrEqual(1000);

  // The microphone denied: the error state, the popover says why, and nothing restarts.
  await fail(page, 'not-allowed');
  await expect(button).toHaveAttribute('data-voice-state', 'error');
  await expect(page.getByTestId('voice-popover')).toHaveText(
    'Voice command failed: Must Allow Microphone; Must have Internet Connection',
  );
  await page.waitForTimeout(1500);
  expect(await starts(page)).toHaveLength(3);

  // The button tries again; "stop" turns voice off until the microphone icon is pressed.
  await button.click();
  await expect(button).toHaveAttribute('data-voice-state', 'started');
  expect(await starts(page)).toHaveLength(4);
  await say(page, ['stop']);
  await expect(button).toHaveAttribute('data-voice-state', 'off');
  const off = page.getByRole('alert').filter({ hasText: 'VOICE COMMAND OFF' });
  await expect(off).toBeVisible();
  await expect(off).toContainText('microphone icon');
  await page.waitForTimeout(1500);
  expect(await starts(page)).toHaveLength(4);
});

test('voice commands: help and got it, the menu, going back', async ({ page }) => {
  await fakeRecognition(page);
  await signIn(page, 'admin', 'Admin@123');
  const button = page.getByRole('button', { name: 'Voice command' });
  await button.click();
  // Listening (the first press loads voice commands, then starts them): a person speaks once the button is red.
  await expect(button).toHaveAttribute('data-voice-state', 'started');

  await say(page, ['help']);
  const help = page.getByRole('dialog', { name: 'Voice commands' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('table', { name: 'Voice phrases' })).toContainText('“show dashboard summary”');
  await say(page, ['Got it']);
  await expect(help).toBeHidden();

  const menuButton = page.getByRole('button', { name: 'Collapse menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await say(page, ['hide navigation']);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await say(page, ['show navigation']);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');

  const home = page.url();
  await say(page, ['show calendar']);
  await expect(page).toHaveURL(/\/calendar$/);
  await say(page, ['go back']);
  await expect(page).toHaveURL(home);
});

test('without speech recognition the voice button is disabled and says why', async ({ page }) => {
  await page.addInitScript(() => {
    Object.assign(window, { SpeechRecognition: undefined, webkitSpeechRecognition: undefined });
  });
  await signIn(page, 'admin', 'Admin@123');
  const button = page.getByRole('button', { name: 'Voice command' });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await button.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Voice commands need Chrome or Edge');
});
