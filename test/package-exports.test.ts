import { describe, expect, it } from "vitest";
import pkg from "../package.json";

/*
 * Every package subpath resolves and exports what SPEC.md names for it. Names are listed here, not
 * derived from the modules, so a dropped export fails the test.
 */
const SPEC_NAMES: Record<string, string[]> = {
  ".": [
    "runEditorRoute", "guardEditor", "requireEditor", "json", "matchPath", "ident", "tableMeta",
    "pickFields", "DEFAULT_PAGE_FIELDS", "defineCollection", "assertValidSections", "sanitizeRichHtml", "HttpError",
    "LouiseValidationError", "defineForm", "partitionSettingsPatch", "mergeBlobPatch", "resolveFieldValue",
    "applyFieldSave", "applySaveDraft", "applySettingsPatch", "openD1Session", "d1Bookmark", "resumeReadSession",
    "latestDraftSections", "latestDraftBody", "serializeD1BookmarkCookie", "mediaMetaByUrl", "cmsCollection",
    "versionsTable", "cmsMarker", "editorScriptTag", "pagesRoute", "versionsRoute", "searchRoute", "mediaRoute",
    "listMediaRoute", "settingsRoute", "blobSettingsRoute", "saveRoute", "formRoute", "inquiriesRoute", "submissionsRoute",
    "seedRoute",
  ],
  "./routes": ["cmsRoutes", "composeRoutes", "pageListRoute", "uploadRoute", "roomRoute", "withErrorEdge"],
  "./workers": ["createCms", "createCmsService", "PageRoom", "RateLimitObject", "PlatformRateLimitObject"],
  "./auth": ["sessionRoute", "resolveSiteEditor", "createSiteEditorResolver", "hashPassword", "verifyPassword", "findEditorByEmail", "createAccessResolver", "secondFactorRoute"],
  "./schema": ["pages", "pagesVersions", "pageRedirects", "editors", "editorSessions", "editorTotp", "editorRecoveryCodes", "media", "siteSettings", "siteSettingsBlob", "submissions", "inquiries", "formTokens"],
  "./room-protocol": ["ROOM_CLOSE", "ROOM_PATH_PREFIX", "ROOM_PROTOCOL_VERSION", "ROOM_VERSION_PARAM", "outdatedClient", "parseRoomEvent", "parseRoomName", "roomName", "countsAsUpdate", "UpdateAcks"],
  "./client": ["mountLouise", "RichText", "mountRichText", "Icon", "parseFieldAddress"],
  "./commerce": ["centsToMajor", "hmacSha256Hex", "hmacSha256Base64", "safeEqual", "createReplayGuard", "d1ReplayStore", "kvReplayStore", "storageReplayStore"],
  "./commerce/payments": [
    "createPaymentIntent", "retrievePaymentIntent", "verifyPaymentsSignature", "ensurePaymentsCustomer",
    "createAndSendInvoice", "createLineItemInvoice",
  ],
  "./commerce/storefront": [
    "listCollections", "getCollectionProducts", "getProduct", "listCatalog", "lowestPrice", "createCart",
    "verifyStorefrontSignature",
  ],
  "./commerce/storefront-platform": [
    "validateExternalOrder", "createExternalOrder", "listExternalOrders", "getExternalOrder", "cancelExternalOrder",
    "isCancellable", "createProduct", "deleteProduct", "setProductAvailability", "setProductState", "addProductImages",
    "getProductInventory", "durableObjectRateLimiter",
  ],
  "./commerce/pos": [
    "POS_VERSION", "centsToMajor", "listLocations", "retrieveLocation", "createLocation", "updateLocation",
    "createCatalogImage", "listCatalogItems", "retrieveCatalogItem", "retrieveVariationPrices", "mapCatalogItem",
    "upsertCatalogItem", "batchUpsertCatalogObjects", "readModifyWriteCatalog", "retrieveInventoryCounts",
    "batchChangeInventory", "setPhysicalCount", "createOrder", "retrieveOrder", "calculateOrder", "searchOrdersByCustomer",
    "searchOrders", "createPayment", "searchCustomersByEmail", "retrieveCustomer", "createCustomer", "ensureCustomer",
    "createCard", "searchSubscriptionsByCustomer", "createSubscription", "retrieveLoyaltyAccountByCustomer",
    "verifyPosSignature",
  ],
};

/*
 * Each subpath is loaded twice in workerd: from its TypeScript source and from the built
 * `dist/lib` file its `import` condition names (built by test/setup/build-lib.mjs), so a broken
 * build or a subpath pointing at the wrong file fails here.
 */
const CLIENT_ENTRY = "../src/client/index";

const sources: Record<string, () => Promise<unknown>> = {
  ".": () => import("../src/index"),
  "./routes": () => import("../src/routes-entry"),
  "./workers": () => import("../src/workers"),
  "./auth": () => import("../src/auth/index"),
  "./schema": () => import("../src/schema"),
  "./room-protocol": () => import("../src/room-protocol"),
  // The browser entry is type-checked by tsconfig.client.json (DOM); here it only has to load.
  "./client": () => import(/* @vite-ignore */ CLIENT_ENTRY),
  "./commerce": () => import("../src/commerce/index"),
  "./commerce/payments": () => import("../src/commerce/payments/index"),
  "./commerce/storefront": () => import("../src/commerce/storefront/index"),
  "./commerce/storefront-platform": () => import("../src/commerce/storefront-platform/index"),
  "./commerce/pos": () => import("../src/commerce/pos/index"),
};

/* Loaded by a computed path, so type-checking never depends on a build being present. */
const loadBuilt = (file: string) => () => import(/* @vite-ignore */ `../${file.slice(2)}`);

type Conditions = { types: string; import: string };
const exportsMap = pkg.exports as unknown as Record<string, Conditions | string>;
const ENTRY_SUBPATHS = Object.keys(exportsMap).filter((subpath) => subpath !== "./package.json");

describe("package exports", () => {
  it("lists each subpath with types and import conditions", () => {
    expect(ENTRY_SUBPATHS.sort()).toEqual(Object.keys(sources).sort());
    for (const subpath of ENTRY_SUBPATHS) {
      const target = exportsMap[subpath] as Conditions;
      expect(Object.keys(target), subpath).toEqual(["types", "import"]);
      expect(target.types.replace(/\.d\.ts$/, ""), subpath).toBe(target.import.replace(/\.js$/, ""));
    }
  });

  it.each(Object.entries(SPEC_NAMES))("%s exports what SPEC.md names, from source and from the build", async (subpath, names) => {
    const fromSource = (await sources[subpath]!()) as Record<string, unknown>;
    const fromBuild = (await loadBuilt((exportsMap[subpath] as Conditions).import)()) as Record<string, unknown>;
    for (const name of names) {
      expect(fromSource[name], `${subpath} exports ${name}`).toBeDefined();
      expect(fromBuild[name], `built ${subpath} exports ${name}`).toBeDefined();
    }
    expect(Object.keys(fromBuild).sort()).toEqual(Object.keys(fromSource).sort());
    // The first import of an entry transforms its whole module graph, slow on a loaded machine.
  }, 60_000);
});
