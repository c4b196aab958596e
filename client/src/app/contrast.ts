/** WCAG 2.1 colour contrast, for the theme: text colours are chosen to pass AA, not eyeballed. */

type TRgb = readonly [number, number, number];

const toRgb = (hex: string): TRgb => {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as unknown as TRgb;
};

const toHex = (rgb: TRgb): string => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.1, 1.4.3). */
const luminanceOf = (rgb: TRgb): number => {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminanceOf(toRgb(a)), luminanceOf(toRgb(b))].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/** `color` laid over white with `opacity`, as Mantine's light backgrounds are (an rgba of the colour). */
export const overWhite = (color: string, opacity: number): string => toHex(toRgb(color).map((channel) => 255 - opacity * (255 - channel)) as unknown as TRgb);

/**
 * `color`, darkened towards black in small steps until it reaches `minRatio` against `background`: the same hue,
 * as little darker as AA needs. A colour that already passes comes back unchanged.
 */
export const darkenToContrast = (color: string, background: string, minRatio: number): string => {
  const rgb = toRgb(color);
  for (let step = 0; step <= 100; step += 2) {
    const candidate = toHex(rgb.map((channel) => channel * (1 - step / 100)) as unknown as TRgb);
    if (contrastRatio(candidate, background) >= minRatio) return candidate;
  }
  return '#000000';
};
