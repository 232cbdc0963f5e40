import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { outputPrefix } from '../../../lambdas/core/media/playback-cookies';
import { cloudFrontCookies } from '../../../lambdas/platform/media-signing/aws';
import { sharedParentDomain } from '../../../lambdas/platform/media-signing/cookie-domain';
import { keyIsGranted, signLocalGrant, verifyLocalGrant } from '../../../lambdas/platform/media-signing/local';
import { grantCookies } from '../../../local/media-gateway';

const prefix = 'T/01TEAM/videos/01VIDEO/attempt1';

describe('local grant cookie', () => {
  it('verifies its own signature and answers the granted prefix until it expires', () => {
    const value = signLocalGrant('secret', prefix, 1000);
    expect(verifyLocalGrant('secret', value, 999)).toBe(prefix);
    expect(verifyLocalGrant('secret', value, 1000)).toBeUndefined();
  });

  it('refuses another secret, a changed payload and malformed values', () => {
    const value = signLocalGrant('secret', prefix, 1000);
    expect(verifyLocalGrant('other', value, 1)).toBeUndefined();
    const [, signature] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'T/OTHER', e: 1000 })).toString('base64url');
    expect(verifyLocalGrant('secret', `${forged}.${signature}`, 1)).toBeUndefined();
    expect(verifyLocalGrant('secret', 'garbage', 1)).toBeUndefined();
    expect(verifyLocalGrant('secret', `${value}.x`, 1)).toBeUndefined();
  });
});

describe('keyIsGranted', () => {
  it('grants keys under the prefix only, on whole path segments and without dot segments', () => {
    expect(keyIsGranted(`${prefix}/index.m3u8`, [prefix])).toBe(true);
    expect(keyIsGranted(`${prefix}/index_720p_00001.ts`, ['T/x', prefix])).toBe(true);
    expect(keyIsGranted(`${prefix}x/index.m3u8`, [prefix])).toBe(false);
    expect(keyIsGranted(`${prefix}/../../02OTHER/a/index.m3u8`, [prefix])).toBe(false);
    expect(keyIsGranted(`${prefix}//index.m3u8`, [prefix])).toBe(false);
    expect(keyIsGranted(`${prefix}/index.m3u8`, [])).toBe(false);
    // An exact key (a subtitle file) grants that key only.
    expect(keyIsGranted('T/01TEAM/files/subtitle/01SUB.vtt', ['T/01TEAM/files/subtitle/01SUB.vtt'])).toBe(true);
    expect(keyIsGranted('T/01TEAM/files/subtitle/01OTHER.vtt', ['T/01TEAM/files/subtitle/01SUB.vtt'])).toBe(false);
  });

  it('takes the output prefix from the master playlist key', () => {
    expect(outputPrefix(`${prefix}/index.m3u8`)).toBe(prefix);
  });
});

describe('grantCookies', () => {
  it('reads every grant cookie value from the Cookie header', () => {
    expect(grantCookies('a=1; media_grant=x.y; b=2;media_grant=z.w')).toEqual(['x.y', 'z.w']);
    expect(grantCookies(undefined)).toEqual([]);
  });
});

describe('cloudFrontCookies', () => {
  it('answers the three custom-policy cookies scoped to the prefix, signed with the private key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const expires = 1_900_000_000;
    const cookies = await cloudFrontCookies({
      domain: 'd111.cloudfront.net',
      resource: `${prefix}/*`,
      path: `/${prefix}/`,
      keyPairId: 'K2JCJMDEHXQW5F',
      privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      expires,
      cookieDomain: 'example.jp',
    });
    const byName = new Map(cookies.map((c) => [c.slice(0, c.indexOf('=')), c]));
    expect([...byName.keys()].sort()).toEqual(['CloudFront-Key-Pair-Id', 'CloudFront-Policy', 'CloudFront-Signature']);
    for (const c of cookies) {
      expect(c).toContain(`; Path=/${prefix}/`);
      expect(c).toContain('; Secure; HttpOnly; SameSite=None; Domain=example.jp');
    }
    const value = (name: string) => byName.get(name)!.split(';')[0].slice(name.length + 1);
    expect(value('CloudFront-Key-Pair-Id')).toBe('K2JCJMDEHXQW5F');
    // CloudFront's URL-safe base64: + -> -, = -> _, / -> ~
    const unsafe = (s: string) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');
    const policy = unsafe(value('CloudFront-Policy')).toString('utf8');
    expect(JSON.parse(policy)).toEqual({
      Statement: [{ Resource: `https://d111.cloudfront.net/${prefix}/*`, Condition: { DateLessThan: { 'AWS:EpochTime': expires } } }],
    });
    const verifier = createVerify('RSA-SHA1');
    verifier.update(policy);
    expect(verifier.verify(publicKey, unsafe(value('CloudFront-Signature')))).toBe(true);
  });
});

describe('sharedParentDomain', () => {
  it('answers the parent domain of the app and media hosts, or none', () => {
    expect(sharedParentDomain('app.example.jp', 'media.example.jp')).toBe('example.jp');
    expect(sharedParentDomain('www.school.example.co.jp', 'media.example.co.jp')).toBe('example.co.jp');
    expect(sharedParentDomain('app.example.jp', 'd111.cloudfront.net')).toBeUndefined();
    expect(sharedParentDomain('app.example.jp', 'other.jp')).toBeUndefined();
  });
});
