/** The demo people of the local identity providers (OIDC and SAML): anyone may sign in as one of them. */
export interface DemoPerson {
  id: string;
  email: string;
  name: string;
}

export const demoPeople: readonly DemoPerson[] = [
  { id: 'hanako', email: 'hanako@idp.example', name: 'Hanako Yamada' },
  { id: 'taro', email: 'taro@idp.example', name: 'Taro Suzuki' },
  // Signed in through a provider only by the link tests (issue 15), after joining with a password: cognito-local
  // finds a user by any user's `email` attribute, so the stand-in's federated user of an address would answer the
  // password account's lookup if it were made first (Cognito keeps federated users out of the e-mail alias).
  { id: 'jiro', email: 'jiro@idp.example', name: 'Jiro Sato' },
];

export const personById = (id: string): DemoPerson | undefined => demoPeople.find((p) => p.id === id);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The stand-in IdPs' sign-in page: one button per demo person and a cancel button (which ends the sign-in as a
 * person closing the provider's window would). English only: it stands for a third party's page.
 */
export function peoplePage(title: string, action: string, hidden: Record<string, string>): string {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = demoPeople
    .map((p) => `<button type="submit" name="person" value="${escapeHtml(p.id)}">Sign in as ${escapeHtml(p.name)} (${escapeHtml(p.email)})</button>`)
    .join('<br>');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>Local stand-in identity provider (development only).</p>
<form method="post" action="${escapeHtml(action)}">${fields}${buttons}<br><button type="submit" name="cancel" value="1">Cancel</button></form></main></body></html>`;
}
