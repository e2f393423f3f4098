/**
 * Issue #10: the app can be installed on a phone's home screen — the manifest is served and
 * linked, its icons exist, and Chromium itself reports no installability error.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";

test.describe("installable app", () => {
  test("the manifest is linked from every page and names real icons", async ({ page, request }) => {
    await page.goto("/login");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBeTruthy();

    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.display).toBe("standalone");
    expect(manifest.name).toBe("Talk Todo");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      // The PNG header's width is the size the manifest promises.
      const width = (await image.body()).readUInt32BE(16);
      expect(`${width}x${width}`).toBe(icon.sizes);
    }
  });

  test("Chromium reports the app installable", async ({ baseURL }, testInfo) => {
    // Test contexts are incognito, where Chromium never offers to install; a real profile is not.
    const profile = mkdtempSync(path.join(os.tmpdir(), "talk-todo-profile-"));
    const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, headless: true });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/login`);
      await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
      const cdp = await context.newCDPSession(page);
      // The manifest is fetched asynchronously; ask until Chromium has read it.
      await expect.poll(async () => ((await cdp.send("Page.getAppManifest")) as { url: string }).url).toMatch(/manifest\.webmanifest$/);
      const manifest = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[] };
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("robots.txt keeps crawlers out of the private app", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(await res.text()).toMatch(/Disallow: \//);
  });
});
