import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Only the Mantine styles the app uses (generated: npm run mantine-styles).
import './mantine-styles';
import { App } from './app';
import { initI18n } from './lib/i18n';

const root = createRoot(document.getElementById('root')!);

// Strings first: every screen, including the error screens, is translated from its first paint.
initI18n().finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
