import { describe, expect, it } from 'vitest';
import { type DigestInput, digestAuthorization, digestResponse, pickDigestChallenge } from './digest';

/** RFC 7616 §3.9.1: the same request answered with SHA-256 and with MD5. */
const RFC_CHALLENGE = [
  'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256,',
  'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS",',
  'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5,',
  'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
].join(' ');

function rfcInput(algorithm: 'SHA-256' | 'MD5'): DigestInput {
  return {
    challenge: {
      realm: 'http-auth@example.org',
      nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
      opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
      algorithm,
      userhash: false,
    },
    username: 'Mufasa',
    password: 'Circle of Life',
    method: 'GET',
    uri: '/dir/index.html',
    nc: 1,
    cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  };
}

describe('digest response (RFC 7616 §3.9.1)', () => {
  it('matches the example with SHA-256', () => {
    expect(digestResponse(rfcInput('SHA-256'))).toBe(
      '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
    );
  });

  it('matches the example with MD5', () => {
    expect(digestResponse(rfcInput('MD5'))).toBe('8ca523f5e9506fed4657c9700eebdbec');
  });

  it('writes the Authorization header of the example', () => {
    expect(digestAuthorization(rfcInput('MD5'))).toBe(
      'Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=MD5, ' +
        'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, ' +
        'cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, ' +
        'response="8ca523f5e9506fed4657c9700eebdbec", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    );
  });

  it('counts the nonce in hex and hashes the username when asked', () => {
    const input = { ...rfcInput('SHA-256'), nc: 26 };
    expect(digestAuthorization(input)).toContain('nc=0000001a');
    expect(digestResponse(input)).not.toBe(digestResponse(rfcInput('SHA-256')));
    const hashed = digestAuthorization({ ...input, challenge: { ...input.challenge, userhash: true } });
    expect(hashed).toContain('userhash=true');
    expect(hashed).not.toContain('Mufasa');
  });
});

describe('pickDigestChallenge', () => {
  it('takes SHA-256 over MD5 from the RFC example, with its parameters', () => {
    expect(pickDigestChallenge(RFC_CHALLENGE)).toEqual(rfcInput('SHA-256').challenge);
  });

  it('takes MD5 when no algorithm is named, and finds Digest beside other schemes', () => {
    const header = 'Basic realm="x", Digest realm="kasse", nonce="abc", qop="auth"';
    expect(pickDigestChallenge(header)).toMatchObject({ realm: 'kasse', nonce: 'abc', algorithm: 'MD5' });
  });

  it('answers nothing without qop auth, a nonce or a known algorithm', () => {
    expect(pickDigestChallenge('Digest realm="a", nonce="n"')).toBeNull();
    expect(pickDigestChallenge('Digest realm="a", qop="auth-int", nonce="n"')).toBeNull();
    expect(pickDigestChallenge('Digest realm="a", qop="auth", algorithm=SHA-512-256, nonce="n"')).toBeNull();
    expect(pickDigestChallenge('Digest realm="a", qop="auth"')).toBeNull();
    expect(pickDigestChallenge('Bearer realm="a"')).toBeNull();
    expect(pickDigestChallenge('')).toBeNull();
  });
});
