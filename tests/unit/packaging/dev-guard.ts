import ts from 'typescript';

export interface DevUrlRead {
  /** 1-based line in the printed (comment-free) bundle. */
  line: number;
  /** True when the read can only run while `isPackaged` is false. */
  guarded: boolean;
}

export interface DevUrlScan {
  reads: DevUrlRead[];
  /** Occurrences of the name in the comment-free text; more than `reads` means a hidden use. */
  textOccurrences: number;
}

const strip = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? strip(node.expression) : node);

/** `x.isPackaged` (any receiver). */
function isPackagedTest(node: ts.Expression): boolean {
  const expr = strip(node);
  return ts.isPropertyAccessExpression(expr) && expr.name.text === 'isPackaged';
}

/** `!x.isPackaged`, `x.isPackaged === false`, or an `&&` chain containing one of those. */
function isNotPackagedTest(node: ts.Expression): boolean {
  const expr = strip(node);
  if (ts.isPrefixUnaryExpression(expr) && expr.operator === ts.SyntaxKind.ExclamationToken) return isPackagedTest(expr.operand);
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return isNotPackagedTest(expr.left) || isNotPackagedTest(expr.right);
    if (op === ts.SyntaxKind.EqualsEqualsEqualsToken && expr.right.kind === ts.SyntaxKind.FalseKeyword) return isPackagedTest(expr.left);
  }
  return false;
}

/** Whether `child`, directly under `parent`, only evaluates when the app is not packaged. */
function guardedBy(parent: ts.Node, child: ts.Node): boolean {
  if (ts.isConditionalExpression(parent)) {
    return (child === parent.whenTrue && isNotPackagedTest(parent.condition)) || (child === parent.whenFalse && isPackagedTest(parent.condition));
  }
  if (ts.isIfStatement(parent)) {
    return (child === parent.thenStatement && isNotPackagedTest(parent.expression)) || (child === parent.elseStatement && isPackagedTest(parent.expression));
  }
  if (ts.isBinaryExpression(parent) && child === parent.right) {
    const op = parent.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return isNotPackagedTest(parent.left);
    if (op === ts.SyntaxKind.BarBarToken) return isPackagedTest(parent.left);
  }
  return false;
}

/**
 * Finds every read of the dev-server variable in a JavaScript bundle and whether an enclosing
 * conditional confines it to an unpackaged app. Works on the printed, comment-free AST so a
 * mention in a comment neither counts nor hides anything.
 */
export function scanDevServerUrl(source: string, name = 'ELECTRON_RENDERER_URL'): DevUrlScan {
  if (!source.includes(name)) return { reads: [], textOccurrences: 0 }; // nothing to parse
  const parsed = ts.createSourceFile('bundle.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const printed = ts.createPrinter({ removeComments: true }).printFile(parsed);
  const file = ts.createSourceFile('bundle.js', printed, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const reads: DevUrlRead[] = [];
  const visit = (node: ts.Node): void => {
    const mentions = (ts.isIdentifier(node) || ts.isStringLiteralLike(node)) && node.text === name;
    if (mentions) {
      let guarded = false;
      for (let child: ts.Node = node, parent = node.parent; parent && !guarded; child = parent, parent = parent.parent) {
        guarded = guardedBy(parent, child);
      }
      reads.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, guarded });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { reads, textOccurrences: printed.split(name).length - 1 };
}
