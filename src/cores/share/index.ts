export { shareLinkKey, signShareToken, verifyShareToken } from "./share-token";
export { MAX_LISTED_SHARE_LINKS, parseShareLinkInput, SHARE_LINK_EXPIRY, shareLinkStore, type ShareLink, type ShareLinkStore, type SharedRecord } from "./share-links";
