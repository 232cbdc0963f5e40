import { expect, test } from '@playwright/test';
import { containing, languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID, newDemoMember } from './support/platform';
import { usePlatformEnv } from './support/ports';
import { logInAdmin, separatePage } from './support/shop';
import { joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §3 Test, both languages: the operator builds a test with a retest limit of 1 in the admin builder; a member
 * fails it, retakes it and passes (pass button with the URL variables filled in); a further attempt is refused with
 * its message; the operator sees both attempts, newest first, and opens one. And a test offered at a video's end
 * ("only after the video"): refused before, "Take the test" when the video ends, then open.
 */
const shots = '.local/e2e-tests/screenshots';
const DEMO_VIDEO = '01DEMOVIDE0000000000000002';

/** The video element, as the page's callbacks receive it (the root tsconfig has the DOM types). */
type Media = HTMLVideoElement;

/** A test only for those who finished the demo colour bars, offered at that video's end (arranged in the stores). */
async function testAfterDemoVideo(title: string): Promise<string> {
  await usePlatformEnv();
  const [{ createQuizTest }, { rewriteVideo }, { moveReferences }] = await Promise.all([
    import('../../lambdas/content/test-quiz/test-quiz-service'),
    import('../../lambdas/core/entities/video'),
    import('../../lambdas/core/entities/content-references'),
  ]);
  const created = await createQuizTest(DEMO_TEAM_ID, {
    title,
    questions: [{ title: 'Which colour is first?', fieldName: 'q1', type: 'radio', options: ['White', 'Black'], correctAnswers: [0] }],
    passStandard: 1,
    retest: true,
    stopRetestIfPassed: false,
    testOnlyAfterVideo: true,
    passShowExplanation: true,
    failShowAnswer: false,
    failShowExplanation: false,
  });
  // As the video form's save does it (video-service.ts): the reference row, then the video.
  await moveReferences(DEMO_TEAM_ID, { type: 'video', id: DEMO_VIDEO }, [], [{ type: 'test', id: created.testId }], 'add');
  await rewriteVideo(DEMO_TEAM_ID, DEMO_VIDEO, (video) => ({ video: { ...video, completionAction: 'test', testId: created.testId } }));
  return created.testId;
}

for (const lang of languages) {
  test.describe(`tests (${lang})`, () => {
    test('the member fails and then passes a test with the retest limit enforced', async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `tests-${lang}`);
      const member = await joinAsMember(request, team, `tests-${lang}`);

      // The operator builds the test.
      const admin = await separatePage(browser);
      await logInAdmin(admin, lang, { email: team.operator.email, password: team.operator.password });
      await admin.getByRole('link', { name: t(lang, 'admin:nav.tests'), exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/test$/);
      await expect(admin.getByText(t(lang, 'tests:list.empty'))).toBeVisible();
      await admin.getByRole('link', { name: t(lang, 'tests:list.create') }).click();
      await expect(admin.getByRole('heading', { name: t(lang, 'tests:edit.createTitle') })).toBeVisible();

      // Saving an empty builder names the missing fields in place (SPEC §5).
      await admin.getByRole('button', { name: t(lang, 'tests:actions.create'), exact: true }).click();
      await expect(admin.getByText(t(lang, 'errors:validation/required')).first()).toBeVisible();

      const title = `Safety quiz ${lang}`;
      await admin.getByRole('textbox', { name: t(lang, 'tests:fields.title') }).fill(title);
      const question = admin.getByTestId('question-0');
      await question.getByRole('textbox', { name: t(lang, 'tests:fields.questionTitle') }).fill('Which sign means stop?');
      await question.getByRole('textbox', { name: t(lang, 'tests:form.option', { n: 1 }) }).fill('Red octagon');
      await question.getByRole('textbox', { name: t(lang, 'tests:form.option', { n: 2 }) }).fill('Green circle');
      // A question needs its correct answer.
      await admin.getByRole('button', { name: t(lang, 'tests:actions.create'), exact: true }).click();
      await expect(question.getByText(t(lang, 'errors:validation/correct_answer_required'))).toBeVisible();
      await question.getByRole('radio', { name: t(lang, 'tests:form.markCorrect', { n: 1 }) }).check();
      await question.getByRole('textbox', { name: t(lang, 'tests:fields.explanation') }).fill('Stop signs are red octagons.');
      await admin.getByRole('textbox', { name: t(lang, 'tests:fields.retestLimit') }).fill('1');
      await admin.getByRole('textbox', { name: t(lang, 'tests:fields.passButtonText') }).fill('Get the certificate');
      // An unknown variable is refused with the list of known ones.
      const url = admin.getByRole('textbox', { name: t(lang, 'tests:fields.passButtonUrl') });
      await url.fill('https://example.com/cert?u={userEmail}');
      await admin.getByRole('button', { name: t(lang, 'tests:actions.create'), exact: true }).click();
      await expect(admin.getByText(t(lang, 'errors:validation/unknown_url_variable'))).toBeVisible();
      await url.fill('https://example.com/cert?u={userId}&n={userName}');
      await admin.getByRole('textbox', { name: t(lang, 'tests:fields.passNote') }).fill('Keep this page for your records.');
      await admin.getByRole('switch', { name: t(lang, 'tests:fields.showAnswer') }).check();
      await admin.screenshot({ path: `${shots}/admin-builder-${lang}.png`, fullPage: true });
      await admin.getByRole('button', { name: t(lang, 'tests:actions.create'), exact: true }).click();
      await expect(admin.getByText(t(lang, 'tests:edit.created', { title }))).toBeVisible();
      await expect(admin).toHaveURL(/\/admin\/test$/);
      await admin.getByRole('link', { name: title, exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/test\/[0-9A-Z]+\/edit$/);
      const testId = /\/admin\/test\/([0-9A-Z]+)\/edit$/.exec(admin.url())![1]!;

      // The member fails the first attempt and sees the correct answer (fail setting), not the explanation.
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(page, lang, member.email, member.password);
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await page.goto(`/user/${team.teamId}/test/${testId}?lang=${lang}`);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText(t(lang, 'tests:member.attemptsLeft', { count: 2 }))).toBeVisible();
      await page.getByRole('radio', { name: 'Green circle' }).check();
      await page.getByRole('button', { name: t(lang, 'tests:member.submit') }).click();
      const result = page.getByTestId('test-result');
      await expect(result.getByText(t(lang, 'tests:member.failedMessage'))).toBeVisible();
      await expect(result.getByText(`${t(lang, 'tests:member.correctAnswer')}: Red octagon`)).toBeVisible();
      await expect(result.getByText('Stop signs are red octagons.', { exact: false })).toHaveCount(0);
      await page.screenshot({ path: `${shots}/member-failed-${lang}.png`, fullPage: true });

      // The one retest the limit allows: a pass, with the button's URL filled in for this member.
      await page.getByRole('button', { name: t(lang, 'tests:member.retake') }).click();
      await expect(page.getByText(t(lang, 'tests:member.attemptsLeft', { count: 1 }))).toBeVisible();
      await page.getByRole('radio', { name: 'Red octagon' }).check();
      await page.getByRole('button', { name: t(lang, 'tests:member.submit') }).click();
      await expect(result.getByText(t(lang, 'tests:member.passedMessage'))).toBeVisible();
      await expect(result.getByText(containing('Stop signs are red octagons.'))).toBeVisible();
      await expect(result.getByRole('link', { name: 'Get the certificate' })).toHaveAttribute(
        'href',
        `https://example.com/cert?u=${member.userId}&n=${encodeURIComponent(member.name)}`,
      );
      await expect(result.getByText('Keep this page for your records.')).toBeVisible();
      // No further attempt: the page says why and offers no retake.
      await expect(page.getByTestId('test-refusal')).toHaveText(t(lang, 'errors:test/retest_limit_reached'));
      await expect(page.getByRole('button', { name: t(lang, 'tests:member.retake') })).toHaveCount(0);
      await page.screenshot({ path: `${shots}/member-passed-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByTestId('test-refusal')).toBeVisible();
      await expect(page.getByTestId('test-result').getByText(t(lang, 'tests:member.passedMessage'))).toBeVisible();
      await page.screenshot({ path: `${shots}/member-passed-phone-${lang}.png`, fullPage: true });

      // The operator sees both attempts, newest first, and opens the failed one.
      await admin.goto(`/admin/test?lang=${lang}`);
      await admin.getByRole('link', { name: t(lang, 'tests:list.answersOf', { title }) }).click();
      await expect(admin).toHaveURL(new RegExp(`/admin/test/${testId}/answer$`));
      const rows = admin.getByRole('row').filter({ hasText: member.name });
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).getByText(t(lang, 'tests:result.passed'))).toBeVisible();
      await expect(rows.nth(1).getByText(t(lang, 'tests:result.failed'))).toBeVisible();
      await admin.screenshot({ path: `${shots}/admin-answers-${lang}.png`, fullPage: true });
      await rows.nth(1).getByRole('link').click();
      await expect(admin).toHaveURL(new RegExp(`/admin/test/${testId}/answer/[0-9A-Z]+/detail$`));
      const detail = admin.getByTestId('detail-question-0');
      await expect(detail.getByText(t(lang, 'tests:detail.incorrect'))).toBeVisible();
      await expect(detail.getByRole('listitem').filter({ hasText: 'Green circle' }).getByText(t(lang, 'tests:detail.chosen'))).toBeVisible();
      await expect(detail.getByRole('listitem').filter({ hasText: 'Red octagon' }).getByText(t(lang, 'tests:detail.answer'))).toBeVisible();
      await admin.screenshot({ path: `${shots}/admin-detail-${lang}.png`, fullPage: true });
      await admin.close();
    });

    test('a test offered at the end of a video opens only after the member finished it', async ({ page }) => {
      test.setTimeout(180_000);
      const title = `After the colour bars ${lang}`;
      const testId = await testAfterDemoVideo(title);
      const member = { email: `e2e-video-test-${lang}-${Date.now().toString(36)}@example.com`, password: 'member-pass-1', name: `Viewer ${lang}` };
      await newDemoMember(member);
      await page.goto(`/login/${DEMO_TEAM_ID}?lang=${lang}`);
      await logIn(page, lang, member.email, member.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));

      // Before the video: refused with the reason, no questions.
      await page.goto(`/user/${DEMO_TEAM_ID}/test/${testId}?lang=${lang}`);
      await expect(page.getByTestId('test-refusal')).toHaveText(t(lang, 'errors:test/video_not_finished'));
      await expect(page.getByRole('button', { name: t(lang, 'tests:member.submit') })).toHaveCount(0);

      // The demo seed encodes its clips after the first start: reload until the video plays, then watch it to the end.
      for (let attempt = 0; ; attempt++) {
        const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
        await page.goto(`/user/${DEMO_TEAM_ID}/video/${DEMO_VIDEO}?lang=${lang}`);
        const res = await answer;
        if (res.status() === 200 && ((await res.json()) as { playback?: unknown }).playback) break;
        if (attempt > 60) throw new Error('The demo video did not become ready');
        await page.waitForTimeout(2000);
      }
      const video = page.getByLabel(t(lang, 'player:player.label'));
      await expect.poll(() => video.evaluate((v: Media) => v.duration || 0)).toBeGreaterThan(1);
      // The last half second plays, so the video ends (and the player records the finish).
      await video.evaluate((v: Media) => {
        v.muted = true;
        v.currentTime = v.duration - 0.5;
        return v.play();
      });
      const take = page.getByRole('link', { name: t(lang, 'tests:member.takeTest') });
      await expect(take).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${shots}/video-end-${lang}.png`, fullPage: true });
      await take.click();
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/test/${testId}$`));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      // The finish is recorded as the video ends; the page may have asked a moment before it was stored.
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('button', { name: t(lang, 'tests:member.submit') })).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 30_000 });
      await page.getByRole('radio', { name: 'White' }).check();
      await page.getByRole('button', { name: t(lang, 'tests:member.submit') }).click();
      await expect(page.getByTestId('test-result').getByText(t(lang, 'tests:member.passedMessage'))).toBeVisible();
    });
  });
}
