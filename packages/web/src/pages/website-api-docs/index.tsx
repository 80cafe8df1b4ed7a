import { Alert, Skeleton, Tag } from "antd";
import { Link } from "react-router";
import {
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  useOpenApiDoc,
} from "../../api/navigation.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import "./website-api-docs.css";

const methodColors: Record<string, string> = { get: "blue", post: "green", put: "orange", delete: "red" };

/** A schema with its `$ref` followed into the document's components. */
function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")];
}

function typeName(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  const resolved = resolve(doc, schema);
  if (!resolved) return "";
  if (resolved.enum) return resolved.enum.map(String).join(" | ");
  const type = Array.isArray(resolved.type) ? resolved.type.join(" | ") : (resolved.type ?? "object");
  if (type === "array") {
    const ref = resolved.items?.$ref?.replace("#/components/schemas/", "");
    return `${ref ?? typeName(doc, resolved.items)}[]`;
  }
  return type;
}

function Fields({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema | undefined }) {
  const resolved = resolve(doc, schema);
  const properties = Object.entries(resolved?.properties ?? {});
  if (properties.length === 0) return null;
  return (
    <ul className="wj-api__fields">
      {properties.map(([name, property]) => (
        <li key={name}>
          <code>{name}</code> <span className="wj-api__type">{typeName(doc, property)}</span>
          {resolved?.required?.includes(name) ? <span className="wj-api__required">必填</span> : null}
          {property.description ? <span className="wj-api__desc">{property.description}</span> : null}
          {property.items?.$ref ? <Fields doc={doc} schema={property.items} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Operation(props: {
  doc: OpenApiDocument;
  path: string;
  method: string;
  operation: OpenApiOperation;
}) {
  const { doc, path, method, operation } = props;
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
  const body = operation.requestBody?.content["application/json"].schema;
  const server = doc.servers[0]?.url ?? "";
  const base = server.startsWith("/") ? `https://本站域名${server}` : server;
  const curl = [
    `curl -X ${method.toUpperCase()} "${base}${path.replace(/\{(\w+)\}/g, "1")}"`,
    `  -H "Authorization: Bearer wjk_您的密钥"`,
    ...(body ? [`  -H "Content-Type: application/json" -d '{…}'`] : []),
  ].join(" \\\n");
  return (
    <section className="wj-api__op" id={operation.operationId} data-testid="api-operation">
      <h3 className="wj-api__op-title">
        <Tag color={methodColors[method]}>{method.toUpperCase()}</Tag>
        <code className="wj-api__path">{path}</code>
        <span>{operation.summary}</span>
      </h3>
      {operation.description ? <p>{operation.description}</p> : null}
      <p className="wj-api__scope">
        所需权限：<code>{operation["x-scope"]}</code>
      </p>
      {operation.parameters.length > 0 ? (
        <>
          <h4>参数</h4>
          <ul className="wj-api__fields">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`}>
                <code>{parameter.name}</code>{" "}
                <span className="wj-api__type">
                  {parameter.in === "path" ? "路径" : "查询"} · {typeName(doc, parameter.schema)}
                </span>
                {parameter.required ? <span className="wj-api__required">必填</span> : null}
                {parameter.description ? <span className="wj-api__desc">{parameter.description}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {body ? (
        <>
          <h4>请求体（JSON）</h4>
          <Fields doc={doc} schema={body} />
        </>
      ) : null}
      {success ? (
        <>
          <h4>成功响应 · {success[0]}</h4>
          {success[1].content?.["application/octet-stream"] ? (
            <p>文件本身（附件下载）。</p>
          ) : (
            <Fields doc={doc} schema={success[1].content?.["application/json"]?.schema} />
          )}
        </>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrolls sideways on a phone, so a keyboard must reach it */}
      <section className="wj-api__curl" tabIndex={0} aria-label={`${operation.summary}的调用示例`}>
        <pre>{curl}</pre>
      </section>
    </section>
  );
}

const verifyExample = `// Node.js：验证数据推送的签名
const crypto = require("node:crypto");
function verify(headers, rawBody, secret) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = \`\${headers["webhook-id"]}.\${headers["webhook-timestamp"]}.\${rawBody}\`;
  const expected = crypto.createHmac("sha256", key).update(signed).digest("base64");
  return headers["webhook-signature"].split(" ").some((s) => s === \`v1,\${expected}\`);
}`;

/** The API's base address: a path of this site becomes absolute once the site's origin is known. */
function baseAddress(url: string, origin: string): string {
  if (!url.startsWith("/")) return url;
  return origin ? `${origin}${url}` : `本站地址${url}`;
}

/** /website/resource/api: the open API's reference, rendered from its OpenAPI 3.1 document. */
export function WebsiteApiDocsPage() {
  const doc = useOpenApiDoc();
  // The site's own address, known once the page runs in the browser (the server's render says 本站地址).
  const origin = useHydrated() ? window.location.origin : "";
  if (doc.isError) return <Alert type="error" showIcon title="文档加载失败，请稍后刷新重试" />;
  if (!doc.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const data = doc.data;
  const operations = Object.entries(data.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <div className="wj-api" data-testid="api-docs">
      <h1>开放接口文档</h1>
      <p>
        用开放接口把问卷管家接入您自己的系统：创建和发布问卷，增量拉取新答卷，获取统计和导出文件。接口基础地址：
        <code data-testid="api-base">{baseAddress(data.servers[0]?.url ?? "", origin)}</code>。
      </p>
      <h2>认证与约定</h2>
      <ul>
        <li>
          在 <Link to="/dc/personalCenter?type=1">个人中心</Link> 创建 API
          密钥并选择权限；密钥只显示一次，请求时放在请求头 <code>Authorization: Bearer 密钥</code> 中。
        </li>
        <li>所有时间为 ISO 8601（UTC）格式；金额单位为分；列表用 nextCursor 游标分页。</li>
        <li>
          出错时返回 HTTP 状态码和 <code>{'{ "error": { "code", "message" } }'}</code>，message 为中文说明。
        </li>
        <li>每个密钥每分钟有调用次数上限，超出时返回 429，请按 Retry-After 稍后重试。</li>
        <li>
          机器可读的 OpenAPI 3.1 文档：<a href="/openapi/v1/openapi.json">/openapi/v1/openapi.json</a>
          ，可导入 Postman、Apifox 等工具或生成 SDK。
        </li>
      </ul>
      <section id="webhooks" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">数据推送（Webhook）</h2>
        <p>
          在问卷结果页的“数据推送”（或个人中心的“数据推送（所有问卷）”）添加接收地址后，发生事件时我们向它发送
          POST 请求，正文为 <code>{'{ "type", "timestamp", "data" }'}</code>。事件：
          <code>response.created</code>（新答卷）、
          <code>response.updated</code>（答卷状态变化）、<code>response.deleted</code>（答卷被彻底删除）、
          <code>questionnaire.published</code>、<code>questionnaire.stopped</code>。
        </p>
        <ul>
          <li>
            签名遵循 Standard Webhooks：请求头 <code>webhook-id</code>（消息编号，重试时不变，可用来去重）、
            <code>webhook-timestamp</code>（秒）与 <code>webhook-signature</code>（<code>v1,</code> 加 Base64
            的 HMAC-SHA256）。签名内容为 <code>webhook-id.webhook-timestamp.原始请求体</code>
            （三者用英文句点连接） ，密钥为添加时显示的
            <code>whsec_</code> 之后部分经 Base64 解码的字节。
          </li>
          <li>返回 2xx 即视为送达；其他状态码、超时（10 秒）或跳转都算失败，24 小时内按退避间隔自动重试。</li>
          <li>持续失败 24 小时的推送会被自动停用并通知您；推送记录中可查看每次结果并手动重新发送。</li>
          <li>只能推送到公网地址（80、443 端口）；内网、本机与云服务元数据地址会被拒绝，不跟随跳转。</li>
        </ul>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrolls sideways on a phone, so a keyboard must reach it */}
        <section className="wj-api__curl" tabIndex={0} aria-label="验证签名的示例代码（Node.js）">
          <pre>{verifyExample}</pre>
        </section>
      </section>
      {data.tags.map((tag) => (
        <section key={tag.name}>
          <h2>{tag.name}</h2>
          {operations
            .filter((entry) => entry.operation.tags.includes(tag.name))
            .map((entry) => (
              <Operation key={`${entry.method} ${entry.path}`} doc={data} {...entry} />
            ))}
        </section>
      ))}
    </div>
  );
}
