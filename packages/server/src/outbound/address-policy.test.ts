import { describe, expect, it } from "vitest";
import { checkAddress, checkUrl, isPublicAddress, maxUrlLength, parseAllowEntry } from "./address-policy.ts";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("%s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback, whole /8", "127.255.0.9"],
    ["private 10/8", "10.0.0.1"],
    ["private 172.16/12", "172.16.0.1"],
    ["private 172.16/12, top", "172.31.255.255"],
    ["private 192.168/16", "192.168.1.1"],
    ["link-local, cloud metadata", "169.254.169.254"],
    ["carrier-grade NAT", "100.64.0.1"],
    ["carrier-grade NAT, Alibaba Cloud metadata", "100.100.100.200"],
    ["multicast", "224.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["unspecified", "0.0.0.0"],
    ["this network 0/8", "0.1.2.3"],
    ["reserved 240/4", "240.0.0.1"],
    ["benchmarking", "198.18.0.1"],
    ["documentation", "192.0.2.1"],
    ["IPv6 loopback", "::1"],
    ["IPv6 unspecified", "::"],
    ["IPv6 link-local", "fe80::1"],
    ["IPv6 link-local with zone", "fe80::1%eth0"],
    ["unique local", "fc00::1"],
    ["unique local, AWS metadata", "fd00:ec2::254"],
    ["IPv6 multicast", "ff02::1"],
    ["deprecated site-local", "fec0::1"],
    ["IPv6 documentation", "2001:db8::1"],
    ["IPv4-mapped loopback, dotted", "::ffff:127.0.0.1"],
    ["IPv4-mapped loopback, hex", "::ffff:7f00:1"],
    ["IPv4-mapped metadata", "::ffff:169.254.169.254"],
    ["IPv4-compatible (deprecated) loopback", "::127.0.0.1"],
    ["IPv4-translated", "::ffff:0:7f00:1"],
    ["NAT64 of a private address", "64:ff9b::a00:1"],
    ["NAT64 of loopback", "64:ff9b::127.0.0.1"],
    ["NAT64 local-use prefix", "64:ff9b:1::808:808"],
    ["6to4 of loopback", "2002:7f00:1::1"],
    ["6to4 of a public address", "2002:808:808::1"],
    ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    ["discard-only", "100::1"],
    ["not an address", "example.com"],
    ["empty", ""],
  ])("%s (%s) is refused", (_name, ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe("checkUrl", () => {
  const reason = (url: string, options = {}) => {
    const result = checkUrl(url, options);
    return result.ok ? "ok" : result.reason;
  };

  it.each([
    ["http://127.0.0.1/", "privateAddress"],
    ["http://10.0.0.1/", "privateAddress"],
    ["http://169.254.169.254/latest/meta-data/", "privateAddress"],
    ["http://[::ffff:127.0.0.1]/", "privateAddress"],
    ["http://[::1]/", "privateAddress"],
    ["http://0.0.0.0/", "privateAddress"],
    ["http://100.64.0.1/", "privateAddress"],
    ["http://224.0.0.1/", "privateAddress"],
    ["http://[fe80::1]/", "privateAddress"],
    ["http://[fd00:ec2::254]/", "privateAddress"],
    // The WHATWG parser turns these into 127.0.0.1 before we see the host.
    ["http://2130706433/", "privateAddress"],
    ["http://0x7f.1/", "privateAddress"],
    ["http://127.1/", "privateAddress"],
    ["http://0177.0.0.1/", "privateAddress"],
    ["ftp://example.com/file", "schemeNotAllowed"],
    ["file:///etc/passwd", "schemeNotAllowed"],
    ["javascript:alert(1)", "schemeNotAllowed"],
    ["gopher://example.com:6379/_INFO", "schemeNotAllowed"],
    ["http://user:pw@example.com/", "credentialsInUrl"],
    ["http://user@example.com/", "credentialsInUrl"],
    ["http://example.com:8080/", "portNotAllowed"],
    ["http://example.com:443/", "portNotAllowed"],
    ["https://example.com:80/", "portNotAllowed"],
    ["not a url", "invalidUrl"],
    ["http://", "invalidUrl"],
  ])("%s → %s", (url, expected) => {
    expect(reason(url)).toBe(expected);
  });

  it("refuses a URL longer than 2000 characters", () => {
    expect(checkUrl(`https://example.com/${"a".repeat(maxUrlLength)}`)).toMatchObject({
      reason: "invalidUrl",
      message: "地址过长，最多 2000 个字符",
    });
  });

  it("refusals carry the Chinese message a user is shown", () => {
    expect(checkUrl("http://10.0.0.1/")).toMatchObject({
      message: "不允许向内网、本机或云服务元数据地址发送请求",
    });
    expect(checkUrl("ftp://example.com/")).toMatchObject({ message: "只能使用 http 或 https 地址" });
  });

  it("accepts public http(s) URLs on standard or allowed ports, leaving names to be resolved", () => {
    const result = checkUrl("https://Hooks.Example.com/path?q=1#frag");
    expect(result).toMatchObject({ ok: true, target: { hostname: "hooks.example.com", port: 443 } });
    expect(result.ok && result.target.ipLiteral).toBeUndefined();
    expect(reason("http://example.com:8080/", { allowedPorts: [8080] })).toBe("ok");
    expect(reason("http://93.184.215.14/")).toBe("ok");
    expect(reason("https://[2606:4700:4700::1111]/")).toBe("ok");
  });

  it("an ip:port allow entry lets that exact address and port through, nothing else", () => {
    const options = { allowAddresses: ["127.0.0.1:4100"] };
    expect(reason("http://127.0.0.1:4100/", options)).toBe("ok");
    expect(reason("http://127.0.0.1:4101/", options)).toBe("portNotAllowed");
    expect(reason("http://127.0.0.1:4101/", { ...options, allowedPorts: [4101] })).toBe("privateAddress");
    expect(reason("http://127.0.0.1/", options)).toBe("privateAddress");
    expect(reason("http://127.0.0.2:4100/", options)).toBe("privateAddress");
    expect(reason("http://[::1]:4100/", options)).toBe("privateAddress");
    // The mapped spelling is the same address.
    expect(reason("http://[::ffff:127.0.0.1]:4100/", options)).toBe("ok");
  });
});

describe("checkAddress", () => {
  it("a bare ip allow entry still needs an allowed port", () => {
    const options = { allowAddresses: ["10.0.0.5"] };
    expect(checkAddress("10.0.0.5", 80, "http:", options)).toEqual({ ok: true, address: "10.0.0.5" });
    expect(checkAddress("10.0.0.5", 9000, "http:", options)).toMatchObject({ reason: "portNotAllowed" });
  });

  it("connects to the IPv4 form of an IPv4-mapped answer", () => {
    expect(checkAddress("::ffff:808:808", 443, "https:")).toEqual({ ok: true, address: "8.8.8.8" });
  });
});

describe("parseAllowEntry", () => {
  it.each([
    ["127.0.0.1", { address: "127.0.0.1", port: undefined }],
    [" 127.0.0.1:4000 ", { address: "127.0.0.1", port: 4000 }],
    ["[::1]:4000", { address: "::1", port: 4000 }],
    ["::1", { address: "::1", port: undefined }],
  ])("%s", (entry, expected) => {
    expect(parseAllowEntry(entry)).toEqual(expected);
  });

  it.each(["localhost:4000", "127.0.0.1:0", "127.0.0.1:70000", "10.0.0.0/8", ""])(
    "%s is refused",
    (entry) => {
      expect(parseAllowEntry(entry)).toBeUndefined();
    },
  );
});
