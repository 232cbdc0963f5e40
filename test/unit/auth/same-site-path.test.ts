import { describe, expect, it } from 'vitest';
import { sameSitePath } from '../../../shared/api/calls/auth';

describe('sameSitePath', () => {
  it('keeps paths on this site', () => {
    expect(sameSitePath('/user/T1/video/V1?x=1#a')).toBe('/user/T1/video/V1?x=1#a');
  });

  it('drops anything that could leave the site', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'user/T1', '/a\nb', '']) {
      expect(sameSitePath(bad), bad).toBeUndefined();
    }
    expect(sameSitePath(undefined)).toBeUndefined();
  });
});
