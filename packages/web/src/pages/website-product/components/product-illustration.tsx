import type { ReactNode } from "react";
import type { ProductSlug } from "../product-content.ts";

/*
 * Drawn illustrations, one per product, so the pages need no image host. Each is an <svg role="img"> whose
 * accessible name (its alt text) says what it shows.
 */

const INK = "#1f2a3d";
const MUTED = "#c9d3e3";
const ACCENT = "#2f6bff";
const NPS_SCORES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** A white card with a title bar, the frame most drawings sit in. */
function Card({ x, y, w, h, title }: { x: number; y: number; w: number; h: number; title: string }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx="14" fill="#fff" />
      <text x={x + 18} y={y + 30} fontSize="15" fontWeight="700" fill={INK}>
        {title}
      </text>
    </g>
  );
}

function Line({ x, y, w, color = MUTED }: { x: number; y: number; w: number; color?: string }) {
  return <rect x={x} y={y} width={w} height="8" rx="4" fill={color} />;
}

function Radio({ x, y, on = false }: { x: number; y: number; on?: boolean }) {
  return <circle cx={x} cy={y} r="6" fill="#fff" stroke={on ? ACCENT : MUTED} strokeWidth={on ? 4 : 2} />;
}

const drawings: Record<ProductSlug, ReactNode> = {
  search: (
    <>
      <Card x={20} y={20} w={210} h={220} title="用户调研问卷" />
      <Line x={38} y={58} w={140} color={INK} />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <Radio x={44} y={84 + i * 24} on={i === 1} />
          <Line x={58} y={80 + i * 24} w={100 - i * 14} />
        </g>
      ))}
      <Line x={38} y={160} w={120} color={INK} />
      <rect x={38} y={176} width={170} height={44} rx="8" fill="none" stroke={MUTED} strokeWidth="2" />
      <Card x={200} y={90} w={140} h={150} title="实时统计" />
      {[70, 42, 96, 58].map((h, i) => (
        <rect
          key={h}
          x={220 + i * 28}
          y={220 - h}
          width="18"
          height={h}
          rx="4"
          fill={ACCENT}
          opacity={0.55 + i * 0.12}
        />
      ))}
    </>
  ),
  exam: (
    <>
      <Card x={30} y={20} w={230} h={220} title="期中测验" />
      <rect x={180} y={34} width={66} height={24} rx="12" fill="#fff1e6" />
      <text x={192} y={51} fontSize="13" fill="#b54708">
        12:30
      </text>
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <Line x={48} y={70 + i * 38} w={150} color={i === 0 ? INK : MUTED} />
          <path
            d={`M214 ${68 + i * 38} l6 6 l12 -12`}
            fill="none"
            stroke={i === 2 ? "#d92d20" : "#12b76a"}
            strokeWidth="4"
          />
        </g>
      ))}
      <circle cx={280} cy={190} r={56} fill="#fff" stroke={ACCENT} strokeWidth="8" />
      <text x={280} y={198} fontSize="30" fontWeight="700" fill={INK} textAnchor="middle">
        92
      </text>
      <text x={280} y={220} fontSize="12" fill="#5a6577" textAnchor="middle">
        得分
      </text>
    </>
  ),
  collection: (
    <>
      <Card x={20} y={20} w={190} h={220} title="活动报名表" />
      {["姓名", "手机号", "上传附件"].map((label, i) => (
        <g key={label}>
          <text x={38} y={70 + i * 52} fontSize="12" fill="#5a6577">
            {label}
          </text>
          <rect
            x={38}
            y={78 + i * 52}
            width={150}
            height={24}
            rx="6"
            fill="none"
            stroke={MUTED}
            strokeWidth="2"
          />
        </g>
      ))}
      <rect x={38} y={206} width={150} height={22} rx="11" fill={ACCENT} />
      <Card x={180} y={70} w={160} h={150} title="数据汇总" />
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <Line x={198} y={116 + i * 24} w={44} color={i === 0 ? INK : MUTED} />
          <Line x={252} y={116 + i * 24} w={70} color={i === 0 ? INK : MUTED} />
        </g>
      ))}
    </>
  ),
  vote: (
    <>
      <Card x={30} y={20} w={300} h={220} title="年度优秀员工评选" />
      {[
        { w: 210, votes: "328 票" },
        { w: 150, votes: "236 票" },
        { w: 96, votes: "151 票" },
      ].map((row, i) => (
        <g key={row.votes}>
          <circle cx={66} cy={84 + i * 50} r={16} fill={["#ffd8a8", "#d0e2ff", "#d3f9d8"][i]} />
          <rect
            x={92}
            y={76 + i * 50}
            width={row.w}
            height={16}
            rx="8"
            fill={ACCENT}
            opacity={1 - i * 0.25}
          />
          <text x={96 + row.w} y={72 + i * 50} fontSize="12" fill="#5a6577" textAnchor="end">
            {row.votes}
          </text>
        </g>
      ))}
      <path d="M54 58 l6 -12 l6 8 l6 -8 l6 12 z" fill="#f79009" />
    </>
  ),
  survey: (
    <>
      <Card x={20} y={20} w={320} h={130} title="您向朋友推荐我们的可能性有多大？" />
      {NPS_SCORES.map((i) => (
        <g key={i}>
          <rect
            x={34 + i * 27}
            y={62}
            width={23}
            height={28}
            rx="5"
            fill={i === 9 ? ACCENT : i <= 6 ? "#fee4e2" : i <= 8 ? "#fef0c7" : "#d1fadf"}
          />
          <text x={45.5 + i * 27} y={81} fontSize="12" fill={i === 9 ? "#fff" : INK} textAnchor="middle">
            {i}
          </text>
        </g>
      ))}
      <text x={34} y={122} fontSize="12" fill="#5a6577">
        完全不可能
      </text>
      <text x={326} y={122} fontSize="12" fill="#5a6577" textAnchor="end">
        非常愿意
      </text>
      <Card x={20} y={164} w={320} h={76} title="NPS 42" />
      <rect x={38} y={206} width={160} height={14} rx="7" fill="#32d583" />
      <rect x={198} y={206} width={70} height={14} fill="#fdb022" />
      <rect x={268} y={206} width={54} height={14} rx="7" fill="#f97066" />
    </>
  ),
  knowledge: (
    <>
      <Card x={130} y={20} w={210} h={220} title="竞赛排行榜" />
      {["1", "2", "3", "4"].map((rank, i) => (
        <g key={rank}>
          <circle cx={160} cy={72 + i * 42} r={12} fill={["#f79009", "#98a2b3", "#e0874a", MUTED][i]} />
          <text x={160} y={77 + i * 42} fontSize="12" fill="#fff" textAnchor="middle">
            {rank}
          </text>
          <Line x={182} y={68 + i * 42} w={80 - i * 8} color={i === 0 ? INK : MUTED} />
          <text x={322} y={77 + i * 42} fontSize="13" fill={INK} textAnchor="end">
            {100 - i * 5}
          </text>
        </g>
      ))}
      <path d="M40 60 h80 v30 a40 40 0 0 1 -80 0 z" fill="#fec84b" />
      <path
        d="M40 70 h-16 a16 16 0 0 0 16 24 M120 70 h16 a16 16 0 0 1 -16 24"
        fill="none"
        stroke="#fec84b"
        strokeWidth="6"
      />
      <rect x={72} y={128} width={16} height={30} fill="#fdb022" />
      <rect x={52} y={158} width={56} height={14} rx="4" fill="#fdb022" />
    </>
  ),
  private: (
    <>
      <rect x={120} y={24} width={120} height={170} rx="12" fill="#fff" />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x={134} y={40 + i * 48} width={92} height={36} rx="6" fill="#eef2f8" />
          <circle cx={148} cy={58 + i * 48} r={4} fill="#12b76a" />
          <Line x={160} y={54 + i * 48} w={52} />
        </g>
      ))}
      <path d="M180 150 l28 10 v18 c0 18 -12 30 -28 36 c-16 -6 -28 -18 -28 -36 v-18 z" fill={ACCENT} />
      <path d="M168 182 l8 8 l16 -16" fill="none" stroke="#fff" strokeWidth="4" />
      <rect x={20} y={150} width={80} height={56} rx="8" fill="#fff" />
      <rect x={44} y={206} width={32} height={10} fill="#fff" />
      <rect x={282} y={140} width={48} height={84} rx="10" fill="#fff" />
      <path d="M100 178 H120 M240 182 H282" stroke="#fff" strokeWidth="3" strokeDasharray="6 5" />
    </>
  ),
};

/** The drawing of one product, named by its alt text. */
export function ProductIllustration({ slug, alt }: { slug: ProductSlug; alt: string }) {
  return (
    <svg className="wj-product__illustration" viewBox="0 0 360 260" role="img" aria-label={alt}>
      <title>{alt}</title>
      {drawings[slug]}
    </svg>
  );
}
