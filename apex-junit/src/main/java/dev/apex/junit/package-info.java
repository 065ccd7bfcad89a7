/**
 * The JUnit 5 extension: {@link dev.apex.junit.ApexTest} opens a device for each test (the sim, or
 * the selector {@code apex.device} / {@code APEX_DEVICE} names), injects an {@link
 * dev.apex.junit.ApexSession}, records the test as a task in the timeline named after it, and
 * closes the device. A shell over the runtime's {@link dev.apex.runtime.agent.Agent}.
 */
package dev.apex.junit;
