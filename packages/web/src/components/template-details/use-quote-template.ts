import { useMutation } from "@tanstack/react-query";
import { App } from "antd";
import { useNavigate } from "react-router";
import { templatesApi } from "../../api/templates.ts";

/** 使用此模板: the template becomes a questionnaire of the viewer's, opened in the designer. */
export function useQuoteTemplate() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: templatesApi.quote,
    onSuccess: (created) => {
      message.success("已使用模板创建问卷");
      navigate(`/dc/dcDesign?id=${created.id}`);
    },
  });
}
