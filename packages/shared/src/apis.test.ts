import { describe, expect, it } from 'vitest';
import { movesAddress, patchHeaders, untouchedHeaders } from './apis';

describe('movesAddress', () => {
  const saved = {
    endpointUrl: 'https://kasse.example.no/status',
    authEndpointUrl: 'https://id.example.no/token',
  };

  it('is a move when scheme, host or port of either URL changes', () => {
    expect(movesAddress(saved, { endpointUrl: 'https://annen.example.no/status' })).toBe(true);
    expect(movesAddress(saved, { endpointUrl: 'http://kasse.example.no/status' })).toBe(true);
    expect(movesAddress(saved, { endpointUrl: 'https://kasse.example.no:8443/status' })).toBe(true);
    expect(movesAddress(saved, { authEndpointUrl: 'https://annen.example.no/token' })).toBe(true);
    expect(movesAddress({ endpointUrl: saved.endpointUrl }, { authEndpointUrl: saved.authEndpointUrl })).toBe(
      true,
    );
  });

  it('is no move for another path or query, a URL left out, or one cleared', () => {
    expect(movesAddress(saved, { endpointUrl: 'https://kasse.example.no/annen?x=1' })).toBe(false);
    expect(movesAddress(saved, { endpointUrl: 'https://KASSE.example.no:443/status' })).toBe(false);
    expect(movesAddress(saved, {})).toBe(false);
    expect(movesAddress(saved, { authEndpointUrl: null })).toBe(false);
  });
});

describe('patchHeaders', () => {
  const stored = { 'X-Api-Key': 'a', 'X-Site': 'oslo' };

  it('replaces and removes by name in any case, keeps the rest', () => {
    expect(patchHeaders(stored, { 'x-site': 'bergen', 'X-API-KEY': null })).toEqual({ 'x-site': 'bergen' });
    expect(patchHeaders(stored, { 'X-Ny': 'b' })).toEqual({ ...stored, 'X-Ny': 'b' });
  });

  it('names the stored headers a patch leaves as they are', () => {
    expect(untouchedHeaders(Object.keys(stored), { 'x-api-key': 'c' })).toEqual(['X-Site']);
    expect(untouchedHeaders(Object.keys(stored))).toEqual(['X-Api-Key', 'X-Site']);
  });
});
