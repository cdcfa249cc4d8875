import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** An axe-core violation as the stories report it: rule, impact and the first few elements. */
export type AxeFinding = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page once its running CSS transitions have ended (up to 5 s) and returns its serious and critical violations. The
 * page's context must be created with `bypassCSP: true`: axe is injected as a script our CSP would refuse.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // Colours read mid-transition (a modal fading in) are not the page's: wait for running CSS transitions to end
  // (not CSS animations: a spinner's never does).
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}
