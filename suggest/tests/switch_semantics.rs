//! A switch rewritten to any group order (the optimizer's among them) behaves identically under node
//! for every discriminant value, the `default` path included.

use std::process::Command;

use instrument::model::{Reorder, Shape};
use jsproject::profile::SwitchRow;
use suggest::node::find_node;
use suggest::switch;

/// Fall-through groups (shared bodies, a non-empty clause falling into the next), a `default` in the
/// middle that ends with `break`, and bodies with side effects.
const SOURCE: &str = r#"function classify(tok, log) {
  let cls = -1;
  switch (tok) {
    case 'a':
    case 'an':
    case 'the':
      cls = 0;
      break;
    case 'and':
    case 'or':
      cls = 1;
      break;
    default:
      log.push('default:' + String(tok));
      cls = 2;
      break;
    case 1:
      cls = 3;
      break;
    case ',':
      log.push('pause');
    // falls through
    case '.':
      cls = 4;
      break;
  }
  return cls;
}
"#;

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, n - 1);
            out.push(q);
        }
    }
    out
}

#[test]
fn every_group_order_behaves_like_the_original() {
    let decisions = instrument::find_decisions(SOURCE, "classify.js").unwrap();
    let d = decisions
        .iter()
        .find(|d| matches!(d.shape, Shape::Switch(_)))
        .expect("the switch is found");
    assert!(d.is_kept(), "{:?}", d.pruned);
    let Shape::Switch(shape) = &d.shape else {
        unreachable!()
    };
    assert_eq!(shape.groups.len(), 5, "{:?}", shape.groups);

    // The optimizer's order for a history where '.' and 'or' dominate, plus every other order.
    let rows = vec![
        SwitchRow {
            matched: Some(8),
            case_costs: vec![1; 8],
            count: 9,
        },
        SwitchRow {
            matched: Some(4),
            case_costs: vec![1; 5],
            count: 4,
        },
    ];
    let best = switch::optimize(shape, &rows);
    assert_eq!(&best.groups[..2], &[4, 1]);
    let mut orders = vec![best.groups.clone()];
    orders.extend(permutations(shape.groups.len()));

    let mut program = String::new();
    program.push_str(&SOURCE.replace("function classify", "function v_orig"));
    for (k, order) in orders.iter().enumerate() {
        let edits = instrument::rewrite(SOURCE, d, &Reorder::Switch(order.clone()))
            .unwrap_or_else(|e| panic!("order {order:?}: {e}"));
        let text = instrument::apply_edits(SOURCE, &edits);
        program.push_str(&text.replace("function classify", &format!("function v_{k}")));
    }
    program.push_str(&format!(
        r#"
const inputs = ['a', 'an', 'the', 'and', 'or', 1, '1', ',', '.', 'x', '', undefined, null, NaN, 0, true, {{}}];
const variants = [{}];
let bad = 0;
for (const x of inputs) {{
  const ref = []; const want = v_orig(x, ref);
  variants.forEach((f, k) => {{
    const log = []; const got = f(x, log);
    if (got !== want || JSON.stringify(log) !== JSON.stringify(ref)) {{
      bad++; console.log('variant', k, 'differs on', String(x), got, want, log, ref);
    }}
  }});
}}
console.log('checked', inputs.length * variants.length, 'bad', bad);
"#,
        (0..orders.len())
            .map(|k| format!("v_{k}"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    if find_node().is_none() {
        eprintln!("node is not installed; skipping the run");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("check.js");
    std::fs::write(&f, &program).unwrap();
    let out = Command::new("node").arg(&f).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout
            .trim_end()
            .ends_with(&format!("checked {} bad 0", 17 * orders.len())),
        "{stdout}"
    );
}
