import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { groupCreateCall, type GroupRow } from '../../shared/api/calls/groups';
import type { MemberVideoAnswer } from '../../shared/api/calls/member-videos';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { asOperator, joinAsMember, registerTeam, type MemberFixture } from './support/team-api';

// Kept beside this run's data: other e2e runs may wipe test-results/.
const shots = '.local/e2e-video-groups/screenshots';
const CLIP_SECONDS = 8;
const chapters = [
  { time: '0:00', seconds: 0, title: 'Opening' },
  { time: '0:05', seconds: 5, title: 'Second part' },
];
const subtitleText = { ja: '日本語の字幕です', en: 'English subtitles here' } as const;

/** A real 8-second H.264/AAC clip, made fresh so the whole upload and transcode path runs. */
function makeClip(dir: string): string {
  const file = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine'],
    ...['-t', String(CLIP_SECONDS), '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

/** One WebVTT cue over the whole clip, so the text is on screen wherever playback stands. */
function makeSubtitles(dir: string, language: keyof typeof subtitleText): string {
  const file = join(dir, `subtitles-${language}.vtt`);
  writeFileSync(file, `WEBVTT\n\n00:00:00.000 --> 00:00:${String(CLIP_SECONDS).padStart(2, '0')}.000\n${subtitleText[language]}\n`);
  return file;
}

/** The video element, as the page's callbacks receive it (the root tsconfig has the DOM types). */
type Media = HTMLVideoElement;
const trackModes = (v: Media) => Array.from(v.textTracks, (track) => ({ language: track.language, mode: track.mode }));
const cueTexts = (v: Media) =>
  Array.from(v.textTracks)
    .filter((track) => track.mode === 'showing')
    .flatMap((track) => Array.from(track.cues ?? [], (cue) => (cue as VTTCue).text));

async function memberPage(browser: Browser, lang: Lang, teamId: string, member: MemberFixture): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/login/${teamId}?lang=${lang}`);
  await logIn(page, lang, member.email, member.password);
  await expect(page).toHaveURL(new RegExp(`/user/${teamId}$`));
  return page;
}

/** A `fetch` from inside the page, as a script on the site (with its cookies, if any) would make it. */
const fetchStatus = (page: Page, url: string) => page.evaluate(async (u) => (await fetch(u, { credentials: 'include' })).status, url);

for (const lang of languages) {
  test.describe(`Video published to a group (${lang})`, () => {
    test('a group member plays it, seeks by chapter and switches subtitles; an outsider and a visitor are refused', async ({ browser, request, playwright }) => {
      test.setTimeout(300_000);
      const dir = mkdtempSync(join(tmpdir(), 'e2e-video-groups-'));
      const clip = makeClip(dir);

      // A fresh team with a group, a member in it and a member outside it (joined through invitations).
      const team = await registerTeam(request, `vgrp-${lang}`);
      const groupName = `Viewers ${lang}`;
      const { group } = await asOperator<{ group: GroupRow }>(request, team, groupCreateCall.path, { name: groupName });
      const insider = await joinAsMember(request, team, `vgrp-in-${lang}`, [group.groupId]);
      const outsider = await joinAsMember(request, team, `vgrp-out-${lang}`);

      // The operator uploads the clip.
      const admin = await (await browser.newContext()).newPage();
      await admin.goto(`/login?lang=${lang}`);
      await logIn(admin, lang, team.operator.email, team.operator.password);
      await expect(admin).toHaveURL(/\/admin\/dashboard$/);
      await admin.goto('/admin/video/create');
      await expect(admin.getByRole('heading', { name: t(lang, 'videos:create.title') })).toBeVisible();
      const title = `Group video ${lang} ${Date.now().toString(36)}`;
      await admin.getByRole('textbox', { name: t(lang, 'videos:fields.title') }).fill(title);
      await admin.locator('input[type="file"]').setInputFiles(clip);
      await admin.getByRole('button', { name: t(lang, 'videos:create.submitWithFile'), exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/video\/[^/]+\/edit$/, { timeout: 60_000 });
      const videoId = /\/admin\/video\/([^/]+)\/edit$/.exec(admin.url())![1]!;
      // The form restarts from the stored video when encoding ends: edit only once it is ready.
      await expect(admin.getByTestId('upload-state')).toHaveText(t(lang, 'videos:uploadState.ready'), { timeout: 180_000 });

      // Two chapters, subtitles in Japanese and English, public but only to the group.
      for (const [i, chapter] of chapters.entries()) {
        await admin.getByRole('button', { name: t(lang, 'videos:form.addChapter') }).click();
        await admin.getByRole('textbox', { name: t(lang, 'videos:fields.chapterTime', { n: i + 1 }) }).fill(chapter.time);
        await admin.getByRole('textbox', { name: t(lang, 'videos:fields.chapterTitle', { n: i + 1 }) }).fill(chapter.title);
      }
      for (const language of ['ja', 'en'] as const) {
        await admin.getByRole('textbox', { name: t(lang, 'videos:fields.subtitleLanguage') }).fill(language);
        const chooser = admin.waitForEvent('filechooser');
        await admin.getByRole('button', { name: t(lang, 'videos:fields.subtitleFile') }).click();
        await (await chooser).setFiles(makeSubtitles(dir, language));
        await expect(admin.getByRole('button', { name: t(lang, 'videos:form.removeSubtitle', { language }) })).toBeVisible();
      }
      // The segmented control's radio is visually hidden: press its visible label, as a person does.
      const publicStatus = admin.getByRole('radio', { name: t(lang, 'contentfields:status.public'), exact: true });
      await admin.locator(`label[for="${await publicStatus.getAttribute('id')}"]`).click();
      await expect(publicStatus).toBeChecked();
      await expect(admin.getByRole('checkbox', { name: t(lang, 'contentfields:fields.isPublic') })).not.toBeChecked();
      const groups = admin.getByRole('combobox', { name: t(lang, 'contentfields:fields.groups') });
      await groups.click();
      await admin.getByRole('option', { name: groupName }).click();
      await admin.keyboard.press('Escape');
      // The chosen group is removed by a button named for it (issue 30), then chosen again.
      const removeGroup = admin.getByRole('button', { name: t(lang, 'common:itemPicker.remove', { title: groupName }), exact: true });
      await removeGroup.click();
      await expect(removeGroup).toHaveCount(0);
      await groups.click();
      await admin.getByRole('option', { name: groupName }).click();
      await admin.keyboard.press('Escape');
      await expect(removeGroup).toBeVisible();
      await admin.getByRole('button', { name: t(lang, 'videos:actions.save'), exact: true }).click();
      await expect(admin.getByRole('alert').filter({ hasText: t(lang, 'videos:edit.saved', { title }) })).toBeVisible();
      await admin.context().close();

      // The member in the group plays it.
      const member = await memberPage(browser, lang, team.teamId, insider);
      const mediaResponses: { url: string; status: number }[] = [];
      member.on('response', (r) => {
        if (new URL(r.url()).pathname.startsWith('/media/')) mediaResponses.push({ url: r.url(), status: r.status() });
      });
      const answer = member.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
      await member.goto(`/user/${team.teamId}/video/${videoId}?lang=${lang}`);
      const grant = (await (await answer).json()) as MemberVideoAnswer;
      expect(grant.state).toBe('visible');
      expect(grant.playback!.subtitles.map((sub) => sub.language).sort()).toEqual(['en', 'ja']);
      await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const video = member.getByLabel(t(lang, 'player:player.label'));
      await expect(video).toBeVisible();
      await video.evaluate((v: Media) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);

      // The second chapter seeks there.
      const chapterNav = member.getByRole('navigation', { name: t(lang, 'player:player.chapters') });
      await chapterNav.getByRole('button', { name: `${chapters[1]!.time} ${chapters[1]!.title}` }).click();
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime)).toBeGreaterThanOrEqual(chapters[1]!.seconds);
      await video.evaluate((v: Media) => v.pause());

      // Subtitles: one language showing (its cues loaded through the grant), then off.
      const subtitles = member.getByRole('combobox', { name: t(lang, 'player:player.subtitles') });
      await expect(subtitles).toHaveValue('');
      await subtitles.selectOption(lang);
      await expect(subtitles).toHaveValue(lang);
      await expect
        .poll(() => video.evaluate(trackModes))
        .toEqual(
          expect.arrayContaining([
            { language: lang, mode: 'showing' },
            { language: lang === 'ja' ? 'en' : 'ja', mode: 'disabled' },
          ]),
        );
      await expect.poll(() => video.evaluate(cueTexts)).toEqual([subtitleText[lang]]);
      // The chapter click scrolled the player into view: from the top, the full page shows header to chapters.
      await member.evaluate('window.scrollTo(0, 0)');
      await member.screenshot({ path: `${shots}/member-subtitles-${lang}.png`, fullPage: true });
      await subtitles.selectOption('');
      await expect(subtitles).toHaveValue('');
      await expect.poll(async () => (await video.evaluate(trackModes)).filter((track) => track.mode === 'showing')).toEqual([]);

      // What the member's session loaded: the playlist and at least one segment, with the grant.
      const playlistUrl = new URL(grant.playback!.playlistUrl, member.url()).href;
      const segmentUrl = mediaResponses.find((r) => r.status === 200 && !r.url.includes('.m3u8') && r.url.startsWith(playlistUrl.replace(/[^/]+$/, '')))?.url;
      expect(segmentUrl, JSON.stringify(mediaResponses)).toBeDefined();
      expect(await fetchStatus(member, playlistUrl)).toBe(200);
      expect(await fetchStatus(member, segmentUrl!)).toBe(200);
      expect((await member.context().cookies()).filter((c) => c.path.startsWith('/media/')).length).toBeGreaterThan(0);
      await member.context().close();

      // The member outside the group is refused: the message, no player, no media even with the URLs.
      const other = await memberPage(browser, lang, team.teamId, outsider);
      const refused = other.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
      await other.goto(`/user/${team.teamId}/video/${videoId}?lang=${lang}`);
      expect((await refused).status()).toBe(403);
      await expect(other.getByRole('heading', { level: 1, name: t(lang, 'player:page.notInGroupTitle') })).toBeVisible();
      await expect(other.getByText(t(lang, 'player:page.notInGroupBody'))).toBeVisible();
      await expect(other.locator('video')).toHaveCount(0);
      await expect(other.getByText(title)).toHaveCount(0);
      // The refusal granted nothing: no media cookie reached the outsider's browser.
      expect((await other.context().cookies()).filter((c) => c.path.startsWith('/media/'))).toEqual([]);
      expect(await fetchStatus(other, playlistUrl)).toBe(403);
      expect(await fetchStatus(other, segmentUrl!)).toBe(403);
      await other.screenshot({ path: `${shots}/outsider-${lang}.png`, fullPage: true });
      await other.context().close();

      // A logged-out visitor gets neither.
      const visitor = await playwright.request.newContext();
      expect((await visitor.get(playlistUrl)).status()).toBe(403);
      expect((await visitor.get(segmentUrl!)).status()).toBe(403);
      await visitor.dispose();
    });
  });
}
