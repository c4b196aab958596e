import { readFileSync } from 'node:fs';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenToContrast, overWhite } from './contrast';
import { readableColorsCss, readableLightVariables } from './readable-colors';

const AA = 4.5;
const light = readableLightVariables();

describe('contrast', () => {
  it('measures WCAG ratios as axe does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4263eb', '#eceffd')).toBeCloseTo(4.35, 2);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(overWhite('#4263eb', 0.1)).toBe('#eceffd');
  });

  it('darkens a colour only as far as the ratio asks, and leaves a passing one as it is', () => {
    const teal = darkenToContrast('#0ca678', '#e7f6f2', AA);
    expect(contrastRatio(teal, '#e7f6f2')).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(darkenToContrast('#0ca678', '#e7f6f2', AA - 0.3), '#e7f6f2')).toBeLessThan(AA);
    expect(darkenToContrast('#212529', '#ffffff', AA)).toBe('#212529');
  });
});

/** Issue 26, point 12: the text colours of the light scheme pass AA where Mantine draws them. */
describe('theme colours', () => {
  it.each(Object.keys(DEFAULT_THEME.colors))('%s: light badges and buttons, filled ones with white text, outlines', (name) => {
    const shade = DEFAULT_THEME.colors[name]![7]!;
    for (const tint of [0.1, 0.12, 0.2]) expect(contrastRatio(light[`--mantine-color-${name}-light-color`]!, overWhite(shade, tint))).toBeGreaterThanOrEqual(AA);
    for (const key of ['filled', 'filled-hover', 'outline']) expect(contrastRatio(light[`--mantine-color-${name}-${key}`]!, '#ffffff')).toBeGreaterThanOrEqual(AA);
    for (const grey of DEFAULT_THEME.colors.gray.slice(0, 3)) expect(contrastRatio(light[`--mantine-color-${name}-text`]!, grey)).toBeGreaterThanOrEqual(AA);
  });

  it('dims text to a grey readable on white and on the light greys, writes errors in a readable red, links in the primary text colour', () => {
    for (const background of ['#ffffff', ...DEFAULT_THEME.colors.gray.slice(0, 5)]) {
      expect(contrastRatio(light['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(AA);
    }
    expect(contrastRatio(light['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(light['--mantine-color-anchor']).toBe('var(--mantine-color-indigo-text)');
  });
});

describe('readable-colors.css', () => {
  it('holds exactly the variables the theme computes (run `npm run theme:colors` after changing the theme)', () => {
    expect(readFileSync(new URL('./readable-colors.css', import.meta.url), 'utf8')).toBe(readableColorsCss());
  });
});
