import { describe, expect, it } from "vitest";
import { decideAccess, LOGIN_PATH, loginPathFor, OPEN_ROUTE_NAMES } from "./guard.ts";

const anonymous = { routeName: undefined, noAuth: false, hasToken: false };

describe("decideAccess (seed §5)", () => {
  it("always allows pages under /website, /test and /hd", () => {
    for (const pathname of [
      "/website",
      "/website/home",
      "/Website/product/exam",
      "/test",
      "/test/x",
      "/hd",
    ]) {
      expect(decideAccess({ ...anonymous, pathname })).toEqual({ allow: true });
    }
  });

  it("does not treat a look-alike prefix as /website", () => {
    expect(decideAccess({ ...anonymous, pathname: "/websitex" })).toEqual({
      allow: false,
      redirectTo: `${LOGIN_PATH}?redirect=%2Fwebsitex`,
    });
  });

  it("allows routes marked as needing no authentication", () => {
    expect(decideAccess({ ...anonymous, pathname: "/r/abc", noAuth: true })).toEqual({ allow: true });
    expect(decideAccess({ ...anonymous, pathname: "/y/abc/1", noAuth: true })).toEqual({ allow: true });
  });

  it("allows any route when a token exists", () => {
    expect(decideAccess({ ...anonymous, pathname: "/dc/creatDc", hasToken: true })).toEqual({ allow: true });
  });

  it("allows the named open routes without a token", () => {
    for (const routeName of OPEN_ROUTE_NAMES) {
      expect(decideAccess({ ...anonymous, pathname: "/somewhere", routeName })).toEqual({ allow: true });
    }
    expect(OPEN_ROUTE_NAMES).toEqual([
      "Loginone",
      "Agreement",
      "ConfirmPhone",
      "trailerPage",
      "accept",
      "questionnaireSurvey",
      "DcList",
    ]);
  });

  it("sends every other route to /Loginone with a way back", () => {
    expect(decideAccess({ ...anonymous, pathname: "/dc/creatDc", routeName: "creatDc" })).toEqual({
      allow: false,
      redirectTo: "/Loginone?redirect=%2Fdc%2FcreatDc",
    });
    expect(
      decideAccess({ ...anonymous, pathname: "/dc/personalCenter", returnTo: "/dc/personalCenter?type=1" }),
    ).toEqual({
      allow: false,
      redirectTo: "/Loginone?redirect=%2Fdc%2FpersonalCenter%3Ftype%3D1",
    });
    // Route names are case-sensitive, like the original router's names.
    expect(decideAccess({ ...anonymous, pathname: "/x", routeName: "dclist" }).allow).toBe(false);
  });
});

describe("loginPathFor", () => {
  it("omits the redirect for the root and for the login page itself", () => {
    expect(loginPathFor()).toBe("/Loginone");
    expect(loginPathFor("/")).toBe("/Loginone");
    expect(loginPathFor("/loginone?redirect=%2Fa")).toBe("/Loginone");
  });

  it("keeps the query of the target", () => {
    expect(loginPathFor("/dc/personalCenter?type=1")).toBe(
      "/Loginone?redirect=%2Fdc%2FpersonalCenter%3Ftype%3D1",
    );
  });
});
