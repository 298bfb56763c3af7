import { describe, expect, it } from "vitest";
import pkg from "../package.json";

/*
 * Every package subpath resolves and exports what SPEC.md names for it. Names are listed here, not
 * derived from the modules, so a dropped export fails the test.
 */
const SPEC_NAMES: Record<string, string[]> = {
  ".": [
    "runEditorRoute", "guardEditor", "requireEditor", "json", "matchPath", "ident", "tableMeta",
    "pagesRoute", "pickFields", "DEFAULT_PAGE_FIELDS", "defineCollection", "assertValidSections",
    "sanitizeRichHtml", "HttpError", "LouiseValidationError", "defineForm", "formRoute", "inquiriesRoute",
    "submissionsRoute", "versionsRoute", "searchRoute", "mediaRoute", "listMediaRoute", "settingsRoute",
    "blobSettingsRoute", "saveRoute", "seedRoute", "partitionSettingsPatch", "mergeBlobPatch", "resolveFieldValue",
    "applyFieldSave", "applySaveDraft", "applySettingsPatch", "openD1Session", "d1Bookmark", "resumeReadSession",
    "latestDraftSections", "latestDraftBody", "serializeD1BookmarkCookie", "mediaMetaByUrl",
  ],
  "./client": ["mountLouise", "RichText", "mountRichText", "Icon", "parseFieldAddress"],
  "./commerce": ["centsToMajor", "hmacSha256Hex", "hmacSha256Base64", "safeEqual"],
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
    "getProductInventory", "durableObjectRateLimiter", "PlatformRateLimitObject",
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

const CLIENT_ENTRY = "../src/client/index";

const modules: Record<string, () => Promise<unknown>> = {
  "../src/index.ts": () => import("../src/index"),
  // The browser entry is type-checked by tsconfig.client.json (DOM); here it only has to load.
  "../src/client/index.ts": () => import(/* @vite-ignore */ CLIENT_ENTRY),
  "../src/commerce/index.ts": () => import("../src/commerce/index"),
  "../src/commerce/payments/index.ts": () => import("../src/commerce/payments/index"),
  "../src/commerce/storefront/index.ts": () => import("../src/commerce/storefront/index"),
  "../src/commerce/storefront-platform/index.ts": () => import("../src/commerce/storefront-platform/index"),
  "../src/commerce/pos/index.ts": () => import("../src/commerce/pos/index"),
};

describe("package exports", () => {
  it("maps each of the seven subpaths to a source entry", () => {
    expect(Object.keys(pkg.exports).sort()).toEqual(
      [".", "./client", "./commerce", "./commerce/payments", "./commerce/pos", "./commerce/storefront", "./commerce/storefront-platform"].sort(),
    );
  });

  it.each(Object.entries(SPEC_NAMES))("%s exports what SPEC.md names", async (subpath, names) => {
    const target = (pkg.exports as Record<string, string>)[subpath]!.replace(/^\.\//, "../");
    const load = modules[target];
    expect(load, `${target} exists`).toBeTypeOf("function");
    const mod = (await load!()) as Record<string, unknown>;
    for (const name of names) expect(mod[name], `${subpath} exports ${name}`).toBeDefined();
  });
});
