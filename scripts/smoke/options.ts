import type { ClipSource } from './clip';
import type { SmokeOptions } from './steps';

export const USAGE = `Usage: npm run smoke -- <app url>     e.g. npm run smoke -- https://app.example.jp

Environment:
  SMOKE_EMAIL, SMOKE_PASSWORD   an operator (administrator) of the team to check
  SMOKE_TOTP_SECRET             their authenticator secret (base32), if they sign in with a TOTP code
  SMOKE_MAIL_TO                 where the test mail goes (verified in SES while the account is in the sandbox)
  SMOKE_TEAM_ID                 the team, if the operator administers several
  SMOKE_TRANSCODE_TIMEOUT       seconds to wait for the transcode (default 900)
  SMOKE_MAIL_WAIT               seconds to wait for the mail's delivery event (default 120)
  SMOKE_CLIP                    auto (ffmpeg if installed, else a generated clip), ffmpeg or generated`;

/** The options from the command line and the environment, or the reason they are unusable. */
export function smokeOptions(argv: string[], env: NodeJS.ProcessEnv): SmokeOptions | string {
  const target = argv.find((a) => !a.startsWith('-'));
  if (!target) return 'Give the app URL.';
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return `Not a URL: ${target}`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `Not an http(s) URL: ${target}`;
  const missing = ['SMOKE_EMAIL', 'SMOKE_PASSWORD', 'SMOKE_MAIL_TO'].filter((name) => !env[name]);
  if (missing.length) return `Set ${missing.join(', ')}.`;
  const clip = env.SMOKE_CLIP ?? 'auto';
  if (!['auto', 'ffmpeg', 'generated'].includes(clip)) return `SMOKE_CLIP is auto, ffmpeg or generated, not ${clip}.`;
  const secondsOf = (name: string): number | undefined | string => {
    if (!env[name]) return undefined;
    const n = Number(env[name]);
    return Number.isFinite(n) && n > 0 ? n * 1000 : `${name} is a number of seconds, not ${env[name]}.`;
  };
  const transcodeTimeoutMs = secondsOf('SMOKE_TRANSCODE_TIMEOUT');
  const mailWaitMs = secondsOf('SMOKE_MAIL_WAIT');
  if (typeof transcodeTimeoutMs === 'string') return transcodeTimeoutMs;
  if (typeof mailWaitMs === 'string') return mailWaitMs;
  return {
    baseUrl: url.origin,
    email: env.SMOKE_EMAIL!,
    password: env.SMOKE_PASSWORD!,
    totpSecret: env.SMOKE_TOTP_SECRET || undefined,
    mailTo: env.SMOKE_MAIL_TO!,
    teamId: env.SMOKE_TEAM_ID || undefined,
    clip: clip as ClipSource,
    transcodeTimeoutMs,
    mailWaitMs,
  };
}
