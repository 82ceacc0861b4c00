import ts from 'typescript';

/*
 * An effect's return value is its cleanup, and React calls it: anything but a function (or nothing) throws
 * 'is not a function' when the effect re-runs or its component goes (ADR 057). TypeScript lets it through:
 * a callback typed `() => void` may return anything, and lib.dom types `window.scrollTo()` as void although
 * Chromium returns a promise. So an effect callback returns a function, a function-typed value, or nothing;
 * never a void call (`useEffect(() => onDone?.())`, `return window.scrollTo(0, y)`), an async callback's
 * promise or any other value.
 */
const EFFECT_HOOK = /^use(Layout|Insertion)?Effect$/;

function hookName(call) {
  const { callee } = call;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier')
    return callee.property.name;
  return '';
}

function isFunctionNode(node) {
  return (
    node.type === 'ArrowFunctionExpression' ||
    node.type === 'FunctionExpression' ||
    node.type === 'FunctionDeclaration'
  );
}

/** The effect hook whose callback `fn` is, if it is one. */
function effectOf(fn) {
  const call = fn.parent;
  return call?.type === 'CallExpression' && call.arguments[0] === fn && EFFECT_HOOK.test(hookName(call))
    ? hookName(call)
    : undefined;
}

/** A cleanup React can call: every part of the type is callable, or undefined (void is not: it hides values). */
function isCleanupType(type) {
  const parts = type.isUnion() ? type.types : [type];
  return parts.every(
    (part) =>
      part.getCallSignatures().length > 0 ||
      (part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never)) !== 0,
  );
}

export const effectCleanup = {
  meta: {
    type: 'problem',
    docs: { description: "An effect's callback returns a cleanup function or nothing" },
    schema: [],
    messages: {
      value:
        "{{hook}}'s callback returns {{type}}; React calls what an effect returns as its cleanup ('is not a function'). Use a block body and return nothing, or return a function (ADR 057).",
      async:
        "{{hook}}'s callback is async: its promise would be the effect's cleanup. Start the async work inside the effect (ADR 057).",
      reference:
        '{{hook}} is given a callback whose return type is {{type}}; an effect returns a cleanup function or nothing (ADR 057). Pass an inline callback with a block body.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => services.getTypeAtLocation(node);
    const checkReturned = (node, hook) => {
      if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return;
      const type = typeOf(node);
      if (!isCleanupType(type))
        context.report({ node, messageId: 'value', data: { hook, type: checker.typeToString(type) } });
    };
    return {
      CallExpression(call) {
        const hook = hookName(call);
        const callback = call.arguments[0];
        if (!EFFECT_HOOK.test(hook) || !callback) return;
        if (isFunctionNode(callback)) {
          if (callback.async) context.report({ node: callback, messageId: 'async', data: { hook } });
          else if (callback.body.type !== 'BlockStatement') checkReturned(callback.body, hook);
          return;
        }
        const returns = typeOf(callback)
          .getCallSignatures()
          .map((signature) => checker.getReturnTypeOfSignature(signature));
        const bad = returns.find((type) => !isCleanupType(type));
        if (bad)
          context.report({
            node: callback,
            messageId: 'reference',
            data: { hook, type: checker.typeToString(bad) },
          });
      },
      ReturnStatement(statement) {
        if (!statement.argument) return;
        let fn = statement.parent;
        while (fn && !isFunctionNode(fn)) fn = fn.parent;
        const hook = fn && effectOf(fn);
        if (hook) checkReturned(statement.argument, hook);
      },
    };
  },
};
