//! Issue 13's speed targets, checked against one run of
//! `examples/throughput.rs`: each target with the ratio this run measured
//! and whether it is met, so that a run on any machine says where the
//! targets stand there (an AMD EPYC with AVX2 only, an Apple core, a
//! server with AVX-512) without working the ratios out by hand.
//!
//! The targets, as the issue gives them (ratios to parry2d's `contact` on
//! the very same pairs, one core unless named):
//! - on each 512-shape table, `collide` at least 25× where it runs
//!   AVX-512, and `collide_with(Isa::Avx2)` at least 15×;
//! - on the chapter's scene, `collide_with(Isa::Avx2)` at least 50×;
//! - on every workload, `collide_par` at least 1.8× as fast as `collide`;
//! - on every workload, neither `collide` nor `collide_with(Isa::Avx2)`
//!   slower than `sat_*` on shapes placed beforehand.
//!
//! One run's ratio moves with the spell it falls in on a shared machine
//! (README, "A world's batch"): a target is met on a machine when runs
//! side by side meet it, not when one does.

/// One row of a run: the workload's name, the engine's, and its time a
/// pair in ns (the best of its rounds).
pub type Row = (String, String, f64);

/// Whether this run meets a target.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Met in this run.
    Met,
    /// Not met in this run.
    NotMet,
    /// Not measured: what is missing (an engine left out by `--engines`,
    /// a CPU without the instruction set, a single thread).
    NotMeasured(String),
}

/// A target, what this run measured for it, and whether it is met.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// The workload it is about.
    pub workload: String,
    /// The target, in words ("collide_with(avx2+fma) ≥ 15× parry2d").
    pub target: String,
    /// What was measured ("14.6×"), empty where nothing was.
    pub measured: String,
    /// Met, not met, or why it could not be told.
    pub verdict: Verdict,
}

/// The chapter's scene's workload name.
const SCENE: &str = "box vs pentagon";

/// The time of the first engine whose name starts with `engine` on
/// `workload`, if the run has it.
fn time(rows: &[Row], workload: &str, engine: &str) -> Option<f64> {
    rows.iter()
        .find(|r| r.0 == workload && r.1.starts_with(engine))
        .map(|r| r.2)
        .filter(|ns| ns.is_finite() && *ns > 0.0)
}

/// A check of `target` on `workload` from what the run gave: the ratio
/// as printed and whether it meets the line, or why nothing could be told.
fn judged(workload: &str, target: String, got: Result<(String, bool), String>) -> Check {
    let (measured, verdict) = match got {
        Ok((ratio, true)) => (ratio, Verdict::Met),
        Ok((ratio, false)) => (ratio, Verdict::NotMet),
        Err(why) => (String::new(), Verdict::NotMeasured(why)),
    };
    Check {
        workload: workload.into(),
        target,
        measured,
        verdict,
    }
}

/// Why a run has no time for `engine` (or for the time it is compared
/// with, `other`).
fn missing(other: &str, engine: &str) -> String {
    format!("needs {other} and {engine}: left out by --engines, or not on this CPU")
}

/// The targets for the run's `rows`. `best` is the instruction set
/// `collide` runs (`Isa::best().name()`), `avx2` the name of AVX2's
/// (`Isa::Avx2.name()`), `avx512` AVX-512's, and `threads` how many
/// threads `collide_par` has.
pub fn check(rows: &[Row], best: &str, avx2: &str, avx512: &str, threads: usize) -> Vec<Check> {
    let mut workloads: Vec<&str> = Vec::new();
    for r in rows {
        if !workloads.contains(&r.0.as_str()) {
            workloads.push(&r.0);
        }
    }
    let collide = "batch::collide (";
    let with_avx2 = format!("batch::collide_with({avx2})");
    let placed = "sat_* on pre-placed shapes";
    let mut checks = Vec::new();
    for &w in &workloads {
        let t = |engine: &str| time(rows, w, engine);
        // `engine` at least `times` × parry2d's `contact` (unless the run
        // cannot tell, `cannot`).
        let against_parry = |engine: &str, label: &str, times: f64, cannot: Option<String>| {
            let got = match (cannot, t("parry2d query::contact"), t(engine)) {
                (Some(why), ..) => Err(why),
                (None, Some(p), Some(e)) => Ok((format!("{:.1}×", p / e), p / e >= times)),
                (None, ..) => Err(missing("parry2d's contact", engine)),
            };
            judged(w, format!("{label} ≥ {times}× parry2d"), got)
        };
        if w.starts_with("512 ") {
            let no_512 = (best != avx512).then(|| format!("collide runs {best}, not {avx512}"));
            checks.push(against_parry(
                collide,
                &format!("collide ({avx512})"),
                25.0,
                no_512,
            ));
            checks.push(against_parry(
                &with_avx2,
                &format!("collide_with({avx2})"),
                15.0,
                None,
            ));
        }
        if w == SCENE {
            checks.push(against_parry(
                &with_avx2,
                &format!("collide_with({avx2})"),
                50.0,
                None,
            ));
        }
        let got = match (threads >= 2, t(collide), t("batch::collide_par")) {
            (false, ..) => Err(format!("{threads} thread")),
            (true, Some(one), Some(par)) => Ok((format!("{:.2}×", one / par), one / par >= 1.8)),
            (true, ..) => Err("needs collide and collide_par: left out by --engines".into()),
        };
        checks.push(judged(w, "collide_par ≥ 1.8× collide".into(), got));
        for (engine, label) in [
            (collide, format!("collide ({best})")),
            (with_avx2.as_str(), format!("collide_with({avx2})")),
        ] {
            let got = match (t(placed), t(engine)) {
                (Some(placed), Some(e)) => {
                    Ok((format!("{:.2}× its time", e / placed), e <= placed))
                }
                _ => Err(missing("sat_* placed", engine)),
            };
            checks.push(judged(
                w,
                format!("{label} no slower than sat_* placed"),
                got,
            ));
        }
    }
    checks
}

/// The checks as lines of a table: workload, target, measured, verdict.
pub fn lines(checks: &[Check]) -> Vec<String> {
    checks
        .iter()
        .map(|c| {
            let verdict = match &c.verdict {
                Verdict::Met => "met".to_string(),
                Verdict::NotMet => "NOT met".to_string(),
                Verdict::NotMeasured(why) => format!("not measured ({why})"),
            };
            format!(
                "{:<20} {:<52} {:>14}  {}",
                c.workload, c.target, c.measured, verdict
            )
        })
        .collect()
}
