/**
 * apex as a library: {@link dev.apex.runtime.agent.Agent} builds an agent on one device from plain
 * options and runs a flow or a goal ({@link dev.apex.runtime.agent.AgentRun}) to a typed {@link
 * dev.apex.runtime.agent.AgentOutcome}; its runs observe through {@code dev.apex.runtime.observe}'s
 * one observer. The CLI, the console, the bench and the JUnit extension are shells over this
 * package.
 */
package dev.apex.runtime.agent;
