import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { wechatErrorMessage } from "../../../lib/wechat-error.ts";

const PARAMS = ["wxticket", "wxbind", "wxerror"] as const;

/**
 * What WeChat's callback put in /Loginone's address: a login ticket, a bind ticket or an error key. Read once
 * and taken out of the address at once, so a reload, the history or a copied link never carries a ticket.
 */
export function useWeChatReturn() {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => ({
    ticket: params.get("wxticket"),
    bindTicket: params.get("wxbind"),
    error: wechatErrorMessage(params.get("wxerror")),
  }));

  useEffect(() => {
    if (!PARAMS.some((name) => params.has(name))) return;
    const next = new URLSearchParams(params);
    for (const name of PARAMS) next.delete(name);
    setParams(next, { replace: true });
  }, [params, setParams]);

  return initial;
}
