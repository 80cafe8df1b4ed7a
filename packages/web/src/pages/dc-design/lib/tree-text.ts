/** A 多级联动 node as core stores it. */
export interface TreeNode {
  id: string;
  label: string;
  children?: TreeNode[];
}

/** Nodes as indented lines: two spaces per level. */
export function treeToLines(nodes: readonly TreeNode[], depth = 0): string {
  return nodes
    .map((node) => {
      const line = `${"  ".repeat(depth)}${node.label}`;
      return node.children?.length ? `${line}\n${treeToLines(node.children, depth + 1)}` : line;
    })
    .join("\n");
}

/**
 * Indented lines back to nodes. Ids follow the position (n1, n1_2, …) as core's defaults do; a line indented
 * deeper than one level below its parent is treated as one level below.
 */
export function linesToTree(text: string): TreeNode[] {
  const roots: TreeNode[] = [];
  const stack: TreeNode[][] = [roots];
  const ids: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const label = raw.trim();
    if (!label) continue;
    const indent = raw.length - raw.trimStart().length;
    const depth = Math.min(Math.floor(indent / 2), stack.length - 1);
    stack.length = depth + 1;
    ids.length = depth;
    const siblings = stack[depth] ?? roots;
    const id = depth === 0 ? `n${siblings.length + 1}` : `${ids[depth - 1]}_${siblings.length + 1}`;
    const node: TreeNode = { id, label };
    siblings.push(node);
    ids[depth] = id;
    node.children = [];
    stack.push(node.children);
  }
  const prune = (nodes: TreeNode[]): TreeNode[] =>
    nodes.map((node) =>
      node.children?.length
        ? { ...node, children: prune(node.children) }
        : { id: node.id, label: node.label },
    );
  return prune(roots);
}
