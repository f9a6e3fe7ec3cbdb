//! TypeScript's decorators (`experimentalDecorators`, the kind tsc, ts-jest and swc emit for
//! `@Injectable()`, `@Column()`, `@Inject() param`) lowered around the rest of the file, as the
//! other lowerings in `lower.rs`: each decorator is blanked where it stands, and after the class
//! one line of calls applies them as tsc's output does — the members' decorators first (instance,
//! then static, in the order written), then the class's with its constructor's parameter
//! decorators, rebinding the class name to what they return. The calls carry the
//! `design:type`, `design:paramtypes` and `design:returntype` metadata tsc adds under
//! `emitDecoratorMetadata`, read through `Reflect.metadata` only when a polyfill
//! (`reflect-metadata`) defines it. Helpers are function declarations appended at the end, so no
//! line moves.

use std::collections::HashMap;

use swc_common::Spanned;
use swc_ecma_ast::{
    Class, ClassMember, Decorator, Function, ImportSpecifier, MethodKind, ModuleDecl,
    ModuleExportName, ModuleItem, Param, ParamOrTsParamProp, Pat, Program, PropName, TsEntityName,
    TsFnOrConstructorType, TsKeywordTypeKind, TsLit, TsParamPropParam, TsType, TsTypeAnn,
    TsUnionOrIntersectionType,
};
use swc_ts_fast_strip::Mode;

use super::lower::Collect;

/// The helpers the calls use, appended once at the end of a file that has decorators.
pub(super) const HELPERS: &str = "\nfunction __dp_decorate(list, target, key, desc) { var whole = arguments.length < 3; var on = whole ? target : desc === null ? (desc = Object.getOwnPropertyDescriptor(target, key)) : desc; if (typeof Reflect === \"object\" && typeof Reflect.decorate === \"function\") { on = Reflect.decorate(list, target, key, desc); } else { for (var i = list.length - 1; i >= 0; i--) { var d = list[i]; if (!d) continue; var out = whole ? d(on) : arguments.length > 3 ? d(target, key, on) : d(target, key); if (out) on = out; } } if (!whole && arguments.length > 3 && on) Object.defineProperty(target, key, on); return on; }\nfunction __dp_param(index, decorator) { return function (target, key) { decorator(target, key, index); }; }\nfunction __dp_metadata(key, value) { if (typeof Reflect === \"object\" && typeof Reflect.metadata === \"function\") return Reflect.metadata(key, value); }\nfunction __dp_type(read) { try { var v = read(); return typeof v === \"function\" ? v : Object; } catch (e) { return Object; } }\nfunction __dp_imported(ns, name) { if (!(name in ns)) return Object; var v; try { v = ns[name]; } catch (e) { return undefined; } return typeof v === \"function\" ? v : v === undefined ? v : Object; }\n";

/// Where a type name's value comes from when the file imports it.
#[derive(Clone)]
pub(super) struct Imported {
    /// The module specifier's source text, quotes included.
    from: String,
    /// The exported name (`default` for a default import), or `None` for a namespace import.
    name: Option<String>,
}

/// The names a module's value imports bind (type-only imports left out: tsc never reads them as
/// values).
pub(super) fn imported_names(
    program: &Program,
    src: &str,
    start: u32,
) -> HashMap<String, Imported> {
    let mut names = HashMap::new();
    let Program::Module(m) = program else {
        return names;
    };
    let text = |sp: swc_common::Span| {
        let lo = sp.lo.0.saturating_sub(start) as usize;
        let hi = sp.hi.0.saturating_sub(start) as usize;
        src.get(lo..hi).unwrap_or_default().to_string()
    };
    for item in &m.body {
        let ModuleItem::ModuleDecl(ModuleDecl::Import(d)) = item else {
            continue;
        };
        if d.type_only {
            continue;
        }
        let from = text(d.src.span);
        for s in &d.specifiers {
            let (local, name) = match s {
                ImportSpecifier::Named(n) if n.is_type_only => continue,
                ImportSpecifier::Named(n) => (
                    n.local.sym.to_string(),
                    Some(match &n.imported {
                        Some(ModuleExportName::Ident(i)) => i.sym.to_string(),
                        Some(ModuleExportName::Str(s)) => text(s.span),
                        None => n.local.sym.to_string(),
                    }),
                ),
                ImportSpecifier::Default(d) => (d.local.sym.to_string(), Some("default".into())),
                ImportSpecifier::Namespace(n) => (n.local.sym.to_string(), None),
            };
            names.insert(
                local,
                Imported {
                    from: from.clone(),
                    name,
                },
            );
        }
    }
    names
}

/// One decorated member: its key, whether it is static, and the decorator list's items.
struct Member {
    is_static: bool,
    key: String,
    items: Vec<String>,
    /// `null` (a method or accessor: its descriptor is read) or `void 0` (a field).
    desc: &'static str,
}

impl Collect<'_> {
    /// A class declaration named `name` (`None`: an anonymous default export) ending at `end`:
    /// its decorators blanked and applied after it. Refuses what it cannot lower.
    pub(super) fn decorated_class(&mut self, class: &Class, name: Option<&str>, end: usize) {
        if !has_decorators(class) {
            return;
        }
        let Some(name) = name else {
            self.plan.refused = true;
            return;
        };
        let mut members: Vec<Member> = Vec::new();
        let mut ctor_params: Vec<String> = Vec::new();
        let mut ctor: Option<Vec<String>> = None;
        for m in &class.body {
            match m {
                ClassMember::Constructor(c) => {
                    let mut types = Vec::new();
                    for (i, p) in c.params.iter().enumerate() {
                        let (decorators, pat_type) = match p {
                            ParamOrTsParamProp::Param(p) => (&p.decorators, Some(&p.pat)),
                            ParamOrTsParamProp::TsParamProp(pp) => (
                                &pp.decorators,
                                match &pp.param {
                                    TsParamPropParam::Ident(_) => None,
                                    TsParamPropParam::Assign(a) => Some(&*a.left),
                                },
                            ),
                        };
                        for d in decorators {
                            let Some(text) = self.decorator(d) else {
                                return;
                            };
                            ctor_params.push(format!("__dp_param({i}, {text})"));
                        }
                        types.push(match (p, pat_type) {
                            (ParamOrTsParamProp::TsParamProp(pp), None) => match &pp.param {
                                TsParamPropParam::Ident(b) => {
                                    self.serialize_ann(b.type_ann.as_deref())
                                }
                                TsParamPropParam::Assign(_) => "Object".into(),
                            },
                            (_, Some(pat)) => self.serialize_param(pat),
                            (_, None) => "Object".into(),
                        });
                    }
                    if c.body.is_some() {
                        ctor = Some(types);
                    }
                }
                ClassMember::Method(m) => {
                    let Some(key) = self.key(&m.key) else { return };
                    let Some(items) = self.method(&m.function, m.kind) else {
                        return;
                    };
                    if items.is_empty() {
                        continue;
                    }
                    let accessor = m.kind != MethodKind::Method;
                    let same = members.iter_mut().find(|x| {
                        accessor && x.desc == "null" && x.key == key && x.is_static == m.is_static
                    });
                    match same {
                        // a getter and setter pair is decorated once, where the first stands
                        Some(x) => x.items.extend(items),
                        None => members.push(Member {
                            is_static: m.is_static,
                            key,
                            items,
                            desc: "null",
                        }),
                    }
                }
                ClassMember::ClassProp(p) if !p.decorators.is_empty() => {
                    let Some(key) = self.key(&p.key) else { return };
                    let mut items = Vec::new();
                    for d in &p.decorators {
                        let Some(text) = self.decorator(d) else {
                            return;
                        };
                        items.push(text);
                    }
                    let ty = self.serialize_ann(p.type_ann.as_deref());
                    self.metadata(&mut items, "design:type", ty);
                    members.push(Member {
                        is_static: p.is_static,
                        key,
                        items,
                        desc: "void 0",
                    });
                }
                ClassMember::PrivateMethod(p) if !p.function.decorators.is_empty() => {
                    return self.refuse()
                }
                ClassMember::PrivateProp(p) if !p.decorators.is_empty() => return self.refuse(),
                ClassMember::AutoAccessor(a) if !a.decorators.is_empty() => return self.refuse(),
                _ => {}
            }
        }
        let mut text = String::new();
        for static_pass in [false, true] {
            for m in members.iter().filter(|m| m.is_static == static_pass) {
                let target = match m.is_static {
                    true => name.to_string(),
                    false => format!("{name}.prototype"),
                };
                text.push_str(&format!(
                    " __dp_decorate([{}], {target}, {}, {});",
                    m.items.join(", "),
                    m.key,
                    m.desc
                ));
            }
        }
        let mut items = Vec::new();
        for d in &class.decorators {
            let Some(t) = self.decorator(d) else { return };
            items.push(t);
        }
        if !items.is_empty() || !ctor_params.is_empty() {
            items.extend(ctor_params);
            if let Some(types) = ctor {
                self.metadata(
                    &mut items,
                    "design:paramtypes",
                    format!("[{}]", types.join(", ")),
                );
            }
            text.push_str(&format!(
                " {name} = __dp_decorate([{}], {name});",
                items.join(", ")
            ));
        }
        self.plan.post.push((end, end, text));
        self.decorated = true;
    }

    /// One `design:*` item, when the project records metadata.
    fn metadata(&self, items: &mut Vec<String>, key: &str, value: String) {
        if self.opts.decorator_metadata {
            items.push(format!("__dp_metadata(\"{key}\", {value})"));
        }
    }

    fn refuse(&mut self) {
        self.plan.refused = true;
    }

    /// A method's or accessor's decorator items: its own, its parameters', its metadata; empty
    /// when it has none. `None` when one cannot be lowered.
    fn method(&mut self, f: &Function, kind: MethodKind) -> Option<Vec<String>> {
        let params_decorated = f.params.iter().any(|p| !p.decorators.is_empty());
        if f.decorators.is_empty() && !params_decorated {
            return Some(Vec::new());
        }
        let mut items = Vec::new();
        for d in &f.decorators {
            items.push(self.decorator(d)?);
        }
        for (i, p) in params_of(f).enumerate() {
            for d in &p.decorators {
                let text = self.decorator(d)?;
                items.push(format!("__dp_param({i}, {text})"));
            }
        }
        let params: Vec<String> = params_of(f).map(|p| self.serialize_param(&p.pat)).collect();
        let (ty, paramtypes) = match kind {
            MethodKind::Method => ("Function".to_string(), params),
            MethodKind::Getter => (self.serialize_ann(f.return_type.as_deref()), Vec::new()),
            MethodKind::Setter => (
                params.first().cloned().unwrap_or_else(|| "Object".into()),
                params,
            ),
        };
        self.metadata(&mut items, "design:type", ty);
        let paramtypes = format!("[{}]", paramtypes.join(", "));
        self.metadata(&mut items, "design:paramtypes", paramtypes);
        if kind == MethodKind::Method {
            let ret = match (&f.return_type, f.is_async) {
                (Some(t), _) => self.serialize_ann(Some(t)),
                (None, true) => "Promise".to_string(),
                (None, false) => "void 0".to_string(),
            };
            self.metadata(&mut items, "design:returntype", ret);
        }
        Some(items)
    }

    /// A decorator blanked in place; its expression, types stripped, on one line.
    fn decorator(&mut self, d: &Decorator) -> Option<String> {
        let (lo, hi) = self.range(d.span);
        let (elo, ehi) = self.range(d.expr.span());
        let blanked = self.blank(lo, hi);
        self.plan.pre.push((lo, blanked));
        let snippet = format!("({});", &self.src[elo..ehi]);
        let Ok(js) = super::run(&snippet, "decorator.ts", Mode::StripOnly) else {
            self.refuse();
            return None;
        };
        let js = js.trim().trim_end_matches(';').to_string();
        if !js.contains('\n') && !js.contains("//") && !js.contains("/*") {
            return Some(js);
        }
        match crate::parse::parse_js(&js, "decorator.js") {
            Ok(p) => Some(
                crate::print::emit_one_line(&p.program, &p)
                    .trim()
                    .trim_end_matches(';')
                    .to_string(),
            ),
            Err(_) => {
                self.refuse();
                None
            }
        }
    }

    /// A member's key as the decorator call takes it; computed keys are refused.
    fn key(&mut self, k: &PropName) -> Option<String> {
        match k {
            PropName::Ident(i) => Some(serde_json::to_string(&*i.sym).unwrap_or_default()),
            PropName::Str(s) => {
                let (lo, hi) = self.range(s.span);
                Some(self.src[lo..hi].to_string())
            }
            PropName::Num(n) => {
                let (lo, hi) = self.range(n.span);
                Some(self.src[lo..hi].to_string())
            }
            _ => {
                self.refuse();
                None
            }
        }
    }

    /// A parameter's type as metadata: a rest parameter's is its element type, as tsc takes it.
    fn serialize_param(&mut self, p: &Pat) -> String {
        if let Pat::Rest(r) = p {
            return match r.type_ann.as_deref().map(|a| &*a.type_ann) {
                Some(TsType::TsArrayType(a)) => self.serialize(&a.elem_type),
                _ => "Object".into(),
            };
        }
        self.serialize_ann(pat_annotation(p))
    }

    /// The value tsc's metadata gives a declared type (`Object` when there is none).
    fn serialize_ann(&mut self, ann: Option<&TsTypeAnn>) -> String {
        match ann {
            Some(a) => self.serialize(&a.type_ann),
            None => "Object".into(),
        }
    }

    /// A type's runtime value as tsc serializes it without a type checker's help: keywords and
    /// literals to their constructors, a named type to its value when it is a function (a class)
    /// at that point and `Object` otherwise, unions of one kind to that kind.
    fn serialize(&mut self, t: &TsType) -> String {
        use TsKeywordTypeKind as K;
        match t {
            TsType::TsKeywordType(k) => match k.kind {
                K::TsNumberKeyword => "Number",
                K::TsStringKeyword => "String",
                K::TsBooleanKeyword => "Boolean",
                K::TsBigIntKeyword => "BigInt",
                K::TsSymbolKeyword => "Symbol",
                K::TsVoidKeyword | K::TsUndefinedKeyword | K::TsNullKeyword | K::TsNeverKeyword => {
                    "void 0"
                }
                _ => "Object",
            }
            .into(),
            TsType::TsParenthesizedType(p) => self.serialize(&p.type_ann),
            TsType::TsOptionalType(o) => self.serialize(&o.type_ann),
            TsType::TsFnOrConstructorType(TsFnOrConstructorType::TsFnType(_))
            | TsType::TsFnOrConstructorType(TsFnOrConstructorType::TsConstructorType(_)) => {
                "Function".into()
            }
            TsType::TsArrayType(_) | TsType::TsTupleType(_) => "Array".into(),
            TsType::TsTypePredicate(_) => "Boolean".into(),
            TsType::TsLitType(l) => match &l.lit {
                TsLit::Number(_) => "Number",
                TsLit::Str(_) | TsLit::Tpl(_) => "String",
                TsLit::Bool(_) => "Boolean",
                TsLit::BigInt(_) => "BigInt",
            }
            .into(),
            TsType::TsTypeOperator(o) if o.op == swc_ecma_ast::TsTypeOperatorOp::ReadOnly => {
                self.serialize(&o.type_ann)
            }
            TsType::TsTypeRef(r) => self.reference(&r.type_name),
            TsType::TsUnionOrIntersectionType(u) => {
                let types = match u {
                    TsUnionOrIntersectionType::TsUnionType(u) => &u.types,
                    TsUnionOrIntersectionType::TsIntersectionType(i) => &i.types,
                };
                let mut one: Option<String> = None;
                for t in types {
                    let s = self.serialize(t);
                    let simple = s
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '$');
                    match &one {
                        _ if s == "Object" || !simple => return "Object".into(),
                        Some(o) if *o != s => return "Object".into(),
                        _ => one = Some(s),
                    }
                }
                one.unwrap_or_else(|| "Object".into())
            }
            _ => "Object".into(),
        }
    }

    /// A named type's value, read when the decorators apply: through a namespace import of its
    /// module when the file imports it (so the type-only imports elided stay elided), else the
    /// name itself; `Object` when it is not a function.
    fn reference(&mut self, name: &TsEntityName) -> String {
        let mut parts = Vec::new();
        let mut at = name;
        let root = loop {
            match at {
                TsEntityName::TsQualifiedName(q) => {
                    parts.push(q.right.sym.to_string());
                    at = &q.left;
                }
                TsEntityName::Ident(i) => break i.sym.to_string(),
            }
        };
        parts.reverse();
        let Some(imp) = self.imports.get(&root).cloned() else {
            let path: String = parts.iter().map(|p| format!(".{p}")).collect();
            return format!("__dp_type(() => {root}{path})");
        };
        let ns = self.namespace_for(&imp.from);
        let quoted = |n: &str| match n.starts_with(['"', '\'']) {
            true => n.to_string(),
            false => serde_json::to_string(n).unwrap_or_default(),
        };
        // the module's export itself: tsc names a class it knows as it is, so a class not yet
        // defined in an import cycle is `undefined` there too
        let (export, rest) = match (&imp.name, parts.split_first()) {
            (Some(n), _) => (quoted(n), &parts[..]),
            (None, Some((first, rest))) => (quoted(first), rest),
            (None, None) => return "Object".into(),
        };
        match rest.is_empty() {
            true => format!("__dp_imported({ns}, {export})"),
            false => {
                let path: String = rest.iter().map(|p| format!(".{p}")).collect();
                format!("__dp_type(() => {ns}[{export}]{path})")
            }
        }
    }

    /// The local name of the namespace import of module `from` the helpers add.
    fn namespace_for(&mut self, from: &str) -> String {
        if let Some(k) = self.namespaces.iter().position(|f| f == from) {
            return format!("__dp_ns{k}");
        }
        self.namespaces.push(from.to_string());
        format!("__dp_ns{}", self.namespaces.len() - 1)
    }
}

/// Whether a class, its members or their parameters carry a decorator.
pub(super) fn has_decorators(class: &Class) -> bool {
    !class.decorators.is_empty()
        || class.body.iter().any(|m| match m {
            ClassMember::Constructor(c) => c.params.iter().any(|p| match p {
                ParamOrTsParamProp::Param(p) => !p.decorators.is_empty(),
                ParamOrTsParamProp::TsParamProp(p) => !p.decorators.is_empty(),
            }),
            ClassMember::Method(m) => {
                !m.function.decorators.is_empty()
                    || m.function.params.iter().any(|p| !p.decorators.is_empty())
            }
            ClassMember::PrivateMethod(m) => !m.function.decorators.is_empty(),
            ClassMember::ClassProp(p) => !p.decorators.is_empty(),
            ClassMember::PrivateProp(p) => !p.decorators.is_empty(),
            ClassMember::AutoAccessor(a) => !a.decorators.is_empty(),
            _ => false,
        })
}

/// A function's parameters other than a leading `this` (a type only).
fn params_of(f: &Function) -> impl Iterator<Item = &Param> {
    f.params
        .iter()
        .filter(|p| !matches!(&p.pat, Pat::Ident(b) if &*b.id.sym == "this"))
}

/// The annotation on a binding pattern.
fn pat_annotation(p: &Pat) -> Option<&TsTypeAnn> {
    match p {
        Pat::Ident(b) => b.type_ann.as_deref(),
        Pat::Array(a) => a.type_ann.as_deref(),
        Pat::Object(o) => o.type_ann.as_deref(),
        Pat::Assign(a) => pat_annotation(&a.left),
        Pat::Rest(r) => r.type_ann.as_deref(),
        _ => None,
    }
}

/// Where the first decorator of `source` (TypeScript, the file `rel_path`) stands, if any.
pub(super) fn first_decorator(source: &str, rel_path: &str) -> Option<usize> {
    use swc_ecma_parser::{Syntax, TsSyntax};
    use swc_ecma_visit::{Visit, VisitWith};
    let syntax = Syntax::Typescript(TsSyntax {
        decorators: true,
        tsx: rel_path.ends_with(".tsx"),
        ..Default::default()
    });
    let (program, start) = super::parse_alone(source, syntax)?;
    #[derive(Default)]
    struct First(Option<u32>);
    impl Visit for First {
        fn visit_decorator(&mut self, d: &Decorator) {
            self.0 = Some(self.0.map_or(d.span.lo.0, |lo| lo.min(d.span.lo.0)));
        }
    }
    let mut first = First::default();
    program.visit_with(&mut first);
    first.0.map(|lo| lo.saturating_sub(start) as usize)
}
