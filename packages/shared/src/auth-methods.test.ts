import { describe, expect, it } from 'vitest';
import { AUTH_METHODS, authNeeds, missingAuthFields } from './auth-methods';

describe('the auth method registry', () => {
  it('lists every method once, in the order the form offers them', () => {
    expect(AUTH_METHODS).toEqual(['none', 'apiKey', 'bearer', 'basic', 'digest', 'oauth2']);
  });

  it('names the fields each method needs, with their messages when they are missing', () => {
    const nothing = { hasClientSecret: false, hasApiKey: false };
    expect(missingAuthFields({ authMethod: 'none', ...nothing })).toEqual([]);
    expect(missingAuthFields({ authMethod: 'bearer', ...nothing })).toEqual([
      { path: 'apiKey', message: 'API-nøkkel er påkrevd' },
    ]);
    for (const authMethod of ['basic', 'digest'] as const) {
      expect(missingAuthFields({ authMethod, ...nothing })).toEqual([
        { path: 'clientId', message: 'Klient-ID er påkrevd' },
        { path: 'clientSecret', message: 'Klienthemmelighet er påkrevd' },
      ]);
    }
    expect(missingAuthFields({ authMethod: 'oauth2', ...nothing }).map((m) => m.path)).toEqual([
      'authEndpointUrl',
      'clientId',
      'clientSecret',
    ]);
  });

  it('counts a stored secret as set and asks nothing a method does not use', () => {
    expect(
      missingAuthFields({ authMethod: 'digest', clientId: 'kasse', hasClientSecret: true, hasApiKey: false }),
    ).toEqual([]);
    expect(authNeeds('digest', 'apiKey')).toBe(false);
    expect(authNeeds('oauth2', 'authEndpointUrl')).toBe(true);
  });
});
