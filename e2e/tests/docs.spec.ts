import { expect, test } from '@playwright/test';
import { uniqueName } from '../helpers/data';
import { signIn } from '../helpers/session';

/*
 * Issue 13, /docs: an admin reads the guide and the API reference, uploads three Markdown files (watching
 * the upload's progress bar), finds one by an inflected Norwegian word, and opens a file with a <script>
 * in it: the script is shown as text and never runs.
 */

test('an admin uploads Markdown, finds it by search, reads it safely, and reads the guide and API reference', async ({
  page,
}) => {
  // A word of this run only, ending in 'hall' so the Norwegian stemmer treats it like 'vaskehall'.
  const word = `skum${uniqueName()}hall`;
  const other = `annet${uniqueName()}`;
  page.on('dialog', () => {
    throw new Error('a script in an uploaded file opened a dialog');
  });
  await signIn(page);

  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Dokumentasjon', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'API-tilkoblinger og attributter' }).click();
  await expect(page.getByRole('heading', { name: 'Et eksempel fra start til slutt' })).toBeVisible();

  await page.getByRole('tab', { name: 'API-referanse' }).click();
  await expect(page.getByRole('heading', { name: 'Vaskedrift API' })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('tab', { name: 'Datakilder' }).click();
  // A slow line, so the bar shows the browser's own upload progress for a while.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const padding = `\n\n${'Fyll. '.repeat(40_000)}`;
  await page
    .getByLabel('Last opp Markdown-filer')
    .locator('input[type=file]')
    .setInputFiles([
      {
        name: `${word}.md`,
        mimeType: 'text/markdown',
        buffer: Buffer.from(`# Rutiner for ${word}\n\nHver ${word} vaskes hver kveld.${padding}`),
      },
      {
        name: `${word}-skript.md`,
        mimeType: 'text/markdown',
        buffer: Buffer.from(
          `# Skript ${word}\n\n<script>window.hacked = true; alert(1)</script>\n\nTekst etter.`,
        ),
      },
      {
        name: `${other}.md`,
        mimeType: '',
        buffer: Buffer.from(`# Annet ${other}\n\nIngenting her.${padding}`),
      },
    ]);
  const progress = page.getByRole('progressbar', { name: 'Opplasting' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('3 filer er lastet opp')).toBeVisible({ timeout: 20_000 });
  await expect(progress).toBeHidden();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('button', { name: `Rutiner for ${word}` })).toBeVisible();

  // The file says "<word>"; the search asks for its definite plural, "<word>ene".
  await page.getByRole('searchbox', { name: 'Søk i datakildene' }).fill(`${word}ene`);
  const hit = page.getByRole('article', { name: `Rutiner for ${word}` });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  await expect(page.getByRole('article', { name: `Annet ${other}` })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Søk i datakildene' }).fill('');
  await page.getByRole('button', { name: `Skript ${word}` }).click();
  const reader = page.getByRole('dialog', { name: `Skript ${word}` });
  await expect(reader.getByText('<script>window.hacked = true; alert(1)</script>')).toBeVisible();
  await expect(reader.getByText('Tekst etter.')).toBeVisible();
  await expect(reader.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
});
