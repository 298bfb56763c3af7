import { describe, expect, it } from "vitest";
import { clientAddress } from "../../src/routes/client-address";

const from = (ip?: string) => clientAddress(new Request("https://site.test/", ip === undefined ? {} : { headers: { "cf-connecting-ip": ip } }));

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
