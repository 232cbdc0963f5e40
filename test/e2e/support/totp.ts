import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';

/** RFC 6238 (SHA-1, 6 digits, 30 s) from the base32 secret the setup screen shows, as an authenticator app computes it. */
export function totpCode(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Types a code into Mantine's PinInput: typing into the first box moves through the six. */
export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
}
