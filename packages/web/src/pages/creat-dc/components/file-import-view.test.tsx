import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { parseSurveyText, type QuestionnaireKind, type SurveyDefinition } from "@wjgj/core";
import { App } from "antd";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileImportView } from "./file-import-view.tsx";

const { definition } = parseSurveyText(
  "安全考试\n1. 火警电话（5分）\nA. 110\nB. 119\n答案：B\n2. 你的建议[多行填空]",
  {
    kind: "exam",
  },
);

function View({ onCreate }: { onCreate: (definition: SurveyDefinition) => void }) {
  const [kind, setKind] = useState<QuestionnaireKind>("survey");
  return (
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <span data-testid="kind">{kind}</span>
        <FileImportView
          kind={kind}
          onKindChange={setKind}
          onBack={() => {}}
          creating={false}
          onCreate={onCreate}
        />
      </App>
    </QueryClientProvider>
  );
}

const input = () => screen.getByTestId("file-import-input") as HTMLInputElement;
const choose = (name: string, size = 10) =>
  fireEvent.change(input(), { target: { files: [new File([new Uint8Array(size)], name)] } });

let answer: { code: number; msg: string; data: unknown };
let bodies: FormData[];
beforeEach(() => {
  bodies = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(init.body as FormData);
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("文件导入", () => {
  it("uploads the file, shows what was not imported and the questions, then creates with the definition", async () => {
    answer = {
      code: 200,
      msg: "操作成功",
      data: {
        definition,
        title: "安全考试",
        report: ["第3题「计算」：不支持的题型 expression，已跳过"],
        counts: { questions: 3, mapped: 2, skipped: 1 },
      },
    };
    const onCreate = vi.fn();
    render(<View onCreate={onCreate} />);
    expect(input().type).toBe("file");
    expect(input().accept).toBe(".xlsx,.docx,.json,.lss,.lsa");
    expect((screen.getByTestId("file-import-confirm") as HTMLButtonElement).disabled).toBe(true);
    choose("exam.lss");
    const report = await screen.findByTestId("file-import-report");
    expect(within(report).getByText("第3题「计算」：不支持的题型 expression，已跳过")).toBeTruthy();
    expect(screen.getByTestId("file-import-summary").textContent).toBe("共 3 题，导入 2 题，1 题未能导入");
    expect(screen.getAllByTestId("preview-question")).toHaveLength(2);
    expect((bodies[0]?.get("file") as File | undefined)?.name).toBe("exam.lss");
    // An exam file turns the default kind into 在线考试.
    expect(screen.getByTestId("kind").textContent).toBe("exam");
    fireEvent.click(screen.getByTestId("file-import-confirm"));
    expect(onCreate).toHaveBeenCalledWith(definition);
  });

  it("shows the server's message for a file it cannot read, and refuses a large file before sending it", async () => {
    answer = { code: 400, msg: "无法读取该 Word 文件：文件已损坏或不是 .docx 格式", data: { errors: [] } };
    render(<View onCreate={vi.fn()} />);
    choose("broken.docx");
    await waitFor(() =>
      expect(screen.getByTestId("file-import-error").textContent).toContain("无法读取该 Word 文件"),
    );
    expect((screen.getByTestId("file-import-confirm") as HTMLButtonElement).disabled).toBe(true);
    choose("huge.xlsx", 5 * 1024 * 1024 + 1);
    await waitFor(() =>
      expect(screen.getByTestId("file-import-error").textContent).toContain("文件不能超过 5 MB"),
    );
    expect(bodies).toHaveLength(1);
  });
});
