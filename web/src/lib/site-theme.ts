import { colorsTuple, createTheme, darken, lighten, mergeThemeOverrides, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { readableOn } from '../theme';

/**
 * A team's design (SPEC §3 Design) as the app's Mantine provider applies it: the accent becomes Mantine's primary
 * colour, text and background the body's CSS variables, the theme the colour scheme. Pages of a team (member area,
 * catalog, /lp/:teamId) set it while they are shown (`useSiteTheme`); the admin area and the product's own pages
 * keep the product's look.
 */
export interface SiteTheme {
  accentColor: string;
  textColor: string;
  backgroundColor: string;
  theme: 'light' | 'dark';
}

let current: SiteTheme | null = null;
const listeners = new Set<() => void>();
const set = (next: SiteTheme | null) => {
  current = next;
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The design in force (null: the product's own look). */
export const useActiveSiteTheme = (): SiteTheme | null => useSyncExternalStore(subscribe, () => current);

/** Applies a team's design while the calling layout is mounted (nothing until it has loaded). */
export function useSiteTheme(design: SiteTheme | undefined): void {
  const { accentColor, textColor, backgroundColor, theme } = design ?? {};
  useEffect(() => {
    if (!accentColor || !textColor || !backgroundColor || !theme) return;
    set({ accentColor, textColor, backgroundColor, theme });
    return () => set(null);
  }, [accentColor, textColor, backgroundColor, theme]);
}

/**
 * The accent as Mantine's ten shades. Filled parts (shade 6 in both schemes) are the accent itself; Mantine's light
 * variant (the current menu item) is a tint of it behind accent text: shades 1-2 behind shade 9 in the light scheme,
 * a darkened shade 9 behind shade 0 in the dark one. (One colour in every shade made that item's text invisible.)
 */
export function siteColors(accent: string, theme: SiteTheme['theme']): MantineColorsTuple {
  const tint = (amount: number) => lighten(accent, amount);
  return colorsTuple([theme === 'dark' ? accent : tint(0.95), tint(0.88), tint(0.8), tint(0.6), tint(0.4), tint(0.2), accent, darken(accent, 0.1), darken(accent, 0.2), accent]);
}

/**
 * The app's theme with the design's accent as the primary colour, in shade 6 in both schemes. `primaryShade` is set
 * after the merge: Mantine's deep merge of the product's number (web/src/theme.ts) with an object would leave `{}`.
 */
export const siteMantineTheme = (base: MantineThemeOverride, site: SiteTheme): MantineThemeOverride => ({
  ...mergeThemeOverrides(base, createTheme({ colors: { site: siteColors(site.accentColor, site.theme) }, primaryColor: 'site' })),
  primaryShade: { light: 6, dark: 6 },
});

/** Text and background colours for both colour schemes (the forced one is what shows); links in the accent, made readable as text. */
export const siteCssVariables =
  (site: SiteTheme): CSSVariablesResolver =>
  () => {
    const colors = { '--mantine-color-body': site.backgroundColor, '--mantine-color-text': site.textColor, '--mantine-color-anchor': readableOn(site.accentColor, site.backgroundColor) };
    return { variables: {}, light: colors, dark: colors };
  };
