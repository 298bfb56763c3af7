import { describe, expect, it } from "vitest";
import { clientAddress, connectingIp, isOnCloudflareEdge } from "../../src/routes/client-address";
import { EDGE_CF } from "../helpers/http";

const at = (url: string, ip: string | undefined, cf: IncomingRequestCfProperties | null = EDGE_CF as IncomingRequestCfProperties): Request =>
  new Request(url, { ...(ip === undefined ? {} : { headers: { "cf-connecting-ip": ip } }), ...(cf ? { cf } : {}) });
const from = (ip?: string) => clientAddress(at("https://site.test/", ip));

describe("clientAddress", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:198.51.100.7", "0:0:0:0::/64"],
    [" 203.0.113.9 ", "203.0.113.9"],
  ])("%j is counted as %j", (ip, key) => {
    expect(from(ip)).toBe(key);
  });

  it.each([undefined, "", "unknown", "999.1.1.1", "1.2.3", "2001:db8::1::2", "2001:db8:1:2:3:4:5:6:7", "fe80::1%eth0", "<script>", "1.2.3.4, 5.6.7.8"])(
    "%j (absent or malformed) is the one unknown key",
    (ip) => {
      expect(from(ip)).toBe("unknown");
    },
  );
});

describe("trust of CF-Connecting-IP", () => {
  it.each([
    ["a request from the edge (request.cf, a host name)", at("https://site.test/", "203.0.113.9"), true],
    ["a request built in code (no request.cf)", at("https://site.test/", "203.0.113.9", null), false],
    ["wrangler dev on 127.0.0.1 (a simulated request.cf)", at("http://127.0.0.1:8787/", "203.0.113.9"), false],
    ["wrangler dev on localhost", at("http://localhost:8787/", "203.0.113.9"), false],
    ["a *.localhost name", at("http://site.localhost:8787/", "203.0.113.9"), false],
    ["an IPv6 literal", at("http://[::1]:8787/", "203.0.113.9"), false],
    ["a LAN address", at("http://192.168.1.20:8787/", "203.0.113.9"), false],
  ])("%s: trusted by default = %s", (_name, request, trusted) => {
    expect(isOnCloudflareEdge(request)).toBe(trusted);
    expect(clientAddress(request)).toBe(trusted ? "203.0.113.9" : "unknown");
    expect(connectingIp(request)).toBe(trusted ? "203.0.113.9" : null);
  });

  it("is an option: always (behind another proxy the site trusts) or never", () => {
    expect(clientAddress(at("http://127.0.0.1:8787/", "203.0.113.9", null), "always")).toBe("203.0.113.9");
    expect(clientAddress(at("https://site.test/", "203.0.113.9"), "never")).toBe("unknown");
  });
});
