package dev.poolscope.agent.lettuce;

/**
 * Added to Lettuce's {@code AsyncCommand} and to the reactive API's {@code SubscriptionCommand} (with a field
 * behind it): the round trip started at dispatch rides on the command to the event-loop thread that completes it.
 */
public interface CommandStamp {
    String FIELD = "poolscope$trip";

    Object poolscope$trip();

    void poolscope$trip(Object trip);
}
