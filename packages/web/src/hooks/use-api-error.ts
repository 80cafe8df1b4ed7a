import { App, type FormInstance } from "antd";
import { useCallback } from "react";
import { ApiError, fieldErrorsOf } from "../api/errors.ts";

/**
 * Shows a failed call to the user: a 400's field errors next to the form fields they name, anything else
 * (and field errors for fields the form does not have) as a toast of the server's msg. Errors the request
 * client already showed are left alone.
 */
export function useApiError() {
  const { message } = App.useApp();
  return useCallback(
    (error: unknown, form?: FormInstance) => {
      if (error instanceof ApiError && error.handled) return;
      const errors = fieldErrorsOf(error);
      const known = form ? errors.filter((item) => form.getFieldInstance(item.field) !== undefined) : [];
      if (form && known.length > 0) {
        form.setFields(known.map((item) => ({ name: item.field, errors: [item.message] })));
        if (known.length === errors.length) return;
      }
      const text = error instanceof Error && error.message ? error.message : "操作失败，请稍后重试";
      void message.error(text);
    },
    [message],
  );
}
