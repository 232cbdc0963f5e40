import type { Page } from '@playwright/test';

export { totpCode } from '../../support/totp';

/** Types a code into Mantine's PinInput: typing into the first box moves through the six. */
export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
}
