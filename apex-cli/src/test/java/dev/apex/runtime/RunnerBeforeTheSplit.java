package dev.apex.runtime;

import dev.apex.runtime.planner.PolicyBeforeTheSplit;

/**
 * A test-only stand-in for the loop before the safety policy had its own package: the loop built
 * the guard from the planner package ({@code TaskRun} made a {@code SafetyInterceptor}) while that
 * package built runners ({@code ClaudeAgent} made a {@code TaskRunner}). {@code ArchitectureTest}
 * imports it on its own to prove the cycle rule rejects that shape; the main import leaves test
 * classes out.
 */
public final class RunnerBeforeTheSplit {

  final PolicyBeforeTheSplit guard = new PolicyBeforeTheSplit();
}
