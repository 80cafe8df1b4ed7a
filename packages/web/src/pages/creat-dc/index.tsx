import { type QuestionnaireKind, questionaryKindInfos, questionnaireKinds } from "@wjgj/core";
import { Skeleton } from "antd";
import { Suspense, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { lazyExport, prefetchWhenIdle } from "../../lib/on-demand.tsx";
import { BlankCreateModal } from "./components/blank-create-modal.tsx";
import { KindPicker } from "./components/kind-picker.tsx";
import { type CreateMethod, MethodCards } from "./components/method-cards.tsx";
import { useCreateQuestionary } from "./hooks/use-create-questionary.ts";
import "./creat-dc.css";

/*
 * The two imports parse questions with core's text parser and preview them with every question type's module
 * (and zod): they load when chosen, or when the browser is idle after the kind and method cards have painted.
 */
const loadFileImport = () => import("./components/file-import-view.tsx");
const loadTextImport = () => import("./components/text-import-view.tsx");
const FileImportView = lazyExport(loadFileImport, (module) => module.FileImportView);
const TextImportView = lazyExport(loadTextImport, (module) => module.TextImportView);

function ImportLoading() {
  return (
    <div className="wj-create" aria-busy="true">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

function kindFrom(value: string | null): QuestionnaireKind {
  return questionnaireKinds.find((kind) => kind === value) ?? "survey";
}

/**
 * /dc/creatDc: pick a kind, then start blank, from a template, from pasted text or from a file. The kind and
 * the import mode live in the URL (?kind=exam&mode=import, mode=file) so the back button and reloads behave.
 */
export function CreatDcPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const kind = kindFrom(search.get("kind"));
  const mode = search.get("mode");
  const info = questionaryKindInfos.find((candidate) => candidate.kind === kind) ?? questionaryKindInfos[0];
  const kindName = info?.name ?? "问卷";
  const [blankOpen, setBlankOpen] = useState(false);
  const { create, creating } = useCreateQuestionary();
  useEffect(() => prefetchWhenIdle(loadFileImport, loadTextImport), []);

  const setKind = (next: QuestionnaireKind) => {
    const params = new URLSearchParams(search);
    params.set("kind", next);
    setSearch(params, { replace: true });
  };

  const handlePick = (method: CreateMethod) => {
    if (method === "blank") setBlankOpen(true);
    else if (method === "template") navigate(`/dc/template?kind=${kind}`);
    else setSearch({ kind, mode: method });
  };

  const ImportView = mode === "file" ? FileImportView : mode === "import" ? TextImportView : null;
  if (ImportView) {
    return (
      <Suspense fallback={<ImportLoading />}>
        <ImportView
          kind={kind}
          onKindChange={setKind}
          onBack={() => navigate(-1)}
          creating={creating}
          onCreate={(definition) => void create({ kind, title: definition.title, definition })}
        />
      </Suspense>
    );
  }

  return (
    <div className="wj-create" data-testid="creat-dc-page">
      <header className="wj-create__head">
        <h1>创建问卷</h1>
        <p>选择项目类型，再选择创建方式。创建后可随时在设计页修改题目与设置。</p>
      </header>
      <section className="wj-create__step">
        <h2>
          <span className="wj-create__step-no">1</span>选择类型
        </h2>
        <KindPicker value={kind} onChange={setKind} />
      </section>
      <section className="wj-create__step">
        <h2>
          <span className="wj-create__step-no">2</span>选择创建方式
        </h2>
        <MethodCards kindName={kindName} onPick={handlePick} />
      </section>
      <BlankCreateModal
        open={blankOpen}
        kind={kind}
        kindName={kindName}
        creating={creating}
        onCancel={() => setBlankOpen(false)}
        onCreate={(title) => void create({ kind, title })}
      />
    </div>
  );
}
