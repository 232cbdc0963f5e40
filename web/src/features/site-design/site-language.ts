import { useEffect } from 'react';
import { applySiteLanguage } from '../../lib/i18n';

/** Applies the site's default member language (app settings) once the design has loaded; '' = the visitor's browser's. */
export function useSiteLanguage(language: 'ja' | 'en' | '' | undefined): void {
  useEffect(() => {
    if (language) void applySiteLanguage(language);
  }, [language]);
}
