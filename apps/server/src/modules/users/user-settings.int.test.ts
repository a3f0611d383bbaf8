import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers';
import { callApi, logRows, type SignedIn, signedIn } from '../../../test/people';

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('backend/users/settings/update', () => {
  it('keeps items per page, language and theme, answering the whole v_users_data row', async () => {
    const me = await signedIn(ctx, 'operator');
    const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', {
      itemsPerPage: 25,
      language: 'de',
      themeMode: 'light',
      themeColor: '#1E90FF',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: me.user.id,
      settings_items_per_page: 25,
      settings_language: 'de',
      theme_configs_mode: 'light',
      theme_configs_theme_color: '#1E90FF',
    });
    // A later partial change leaves the rest as it was (it sticks across reloads).
    await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', { themeMode: 'system' });
    const view = await callApi(ctx, me.token, 'POST', 'backend/users/get', {
      table: 'v_users_data',
      id: me.user.id,
    });
    expect(view.json().data).toMatchObject({
      settings_items_per_page: 25,
      settings_language: 'de',
      theme_configs_mode: 'system',
      theme_configs_theme_color: '#1E90FF',
    });
  });

  it('answers invalid values with Norwegian messages', async () => {
    const me = await signedIn(ctx, 'user');
    const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', {
      itemsPerPage: 0,
      language: 'sv',
      themeMode: 'blue',
      themeColor: 'grønn',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'itemsPerPage', message: 'Antall per side må være et tall fra 1 til 100' },
        { path: 'language', message: 'Ukjent språk' },
        { path: 'themeMode', message: 'Velg lys, mørk eller system' },
        { path: 'themeColor', message: 'Ugyldig farge (bruk formatet #RRGGBB)' },
      ]),
    );
    const tooMany = await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', {
      itemsPerPage: 101,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('keeps desktop notifications off until the user turns them on, and refuses a non-boolean', async () => {
    const me = await signedIn(ctx, 'operator');
    const view = () =>
      callApi(ctx, me.token, 'POST', 'backend/users/get', { table: 'v_users_data', id: me.user.id });
    expect((await view()).json().data.settings_desktop_notifications).toBe(false);
    const on = await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', {
      desktopNotifications: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({
      settings_desktop_notifications: true,
      settings_items_per_page: 5,
    });
    // Another setting changed later leaves it on.
    await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', { language: 'en' });
    expect((await view()).json().data).toMatchObject({
      settings_desktop_notifications: true,
      settings_language: 'en',
    });
    const bad = await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', {
      desktopNotifications: 'ja',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'desktopNotifications', message: 'Skrivebordsvarsler må være på eller av' },
    ]);
    const off = await callApi(ctx, me.token, 'PATCH', 'backend/users/settings/update', {
      desktopNotifications: false,
    });
    expect(off.json().data.settings_desktop_notifications).toBe(false);
  });

  it("lets an admin change a user's settings, and logs it; a user's own change is not logged", async () => {
    const target = await createUser(ctx, { role: 'user' });
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/users/settings/update', {
      id: target.id,
      itemsPerPage: 50,
    });
    expect(res.json().data.settings_items_per_page).toBe(50);
    const rows = await logRows(ctx, 'users/settings/update');
    expect(rows).toEqual([
      expect.objectContaining({
        resource_id: target.id,
        user_id: admin.user.id,
        extra_data: { fields: ['itemsPerPage'] },
      }),
    ]);
  });
});

describe('backend/users/configs/update', () => {
  it('merges the keys given into the stored config', async () => {
    const me = await signedIn(ctx, 'user');
    await callApi(ctx, me.token, 'PATCH', 'backend/users/configs/update', {
      config: { sidebar: 'mini', tour: 1 },
    });
    const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/configs/update', {
      id: me.user.id,
      config: { tour: 2, pinned: ['a'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_configs_config).toEqual({ sidebar: 'mini', tour: 2, pinned: ['a'] });
  });

  it('refuses a config larger than 32 KB', async () => {
    const me = await signedIn(ctx, 'user');
    const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/configs/update', {
      config: { big: 'x'.repeat(33 * 1024) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Konfigurasjonen er for stor');
  });

  it("refuses another user's config to a non-admin", async () => {
    const me = await signedIn(ctx, 'operator');
    const other = await createUser(ctx, { role: 'user' });
    const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/configs/update', {
      id: other.id,
      config: { x: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});
